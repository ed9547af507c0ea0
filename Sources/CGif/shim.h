// giflib from Debian's packages (libgif-dev): the GIF encoder behind `touchscope export --gif`.
#include <gif_lib.h>
