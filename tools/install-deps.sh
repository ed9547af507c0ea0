#!/usr/bin/env bash
# Installs the system packages TouchScope needs (Debian/Ubuntu), once.
# SDL2 and its text and image libraries, giflib, the DejaVu font, the tools the window test uses,
# ffmpeg (export --mp4) and a headless Chromium with its driver (the HTML report test).
set -euo pipefail
packages=(libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libgif-dev fonts-dejavu-core xvfb xdotool imagemagick
  ffmpeg chromium chromium-driver python3-selenium)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "Installing: ${missing[*]}" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
