#!/usr/bin/python3
"""Opens a TouchScope HTML report in headless Chromium (selenium + chromedriver) and checks it
as a user would: nothing is fetched, the timeline and the trace are there, the search box
filters, clicking a trace line shows another frame, the arrow keys step between moments.
Usage: report_check.py REPORT.html SCREENSHOT.png. Prints one line per check; exit 1 on failure."""
import sys
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.chrome.service import Service

report, screenshot = sys.argv[1], sys.argv[2]
options = webdriver.ChromeOptions()
for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1300,1000", "--disable-dev-shm-usage"]:
    options.add_argument(flag)
options.binary_location = "/usr/bin/chromium"
service = Service(executable_path="/usr/bin/chromedriver")
driver = webdriver.Chrome(options=options, service=service)
failures = []

def check(condition, message):
    print(("ok: " if condition else "FAILED: ") + message)
    if not condition:
        failures.append(message)

try:
    driver.get("file://" + report)
    resources = driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => !n.startsWith('data:'))")
    check(resources == [], "no request leaves the file (%s)" % resources)
    ticks = driver.find_elements(By.CSS_SELECTOR, "#timeline .t")
    check(len(ticks) > 0, "the timeline has %d ticks" % len(ticks))
    notes = driver.find_elements(By.CSS_SELECTOR, "#timeline .note, #timeline .marker")
    check(len(notes) > 0, "notes and markers are on the timeline (%d)" % len(notes))
    lines = driver.find_elements(By.CSS_SELECTOR, ".line")
    check(len(lines) > 0, "the trace has %d lines" % len(lines))
    frame = driver.find_element(By.ID, "frame")
    check(frame.get_attribute("src").startswith("data:image/png;base64,"), "the frame is a PNG inside the file")
    # Search.
    search = driver.find_element(By.ID, "search")
    search.send_keys("touchUpInside")
    visible = [l for l in lines if l.is_displayed()]
    check(0 < len(visible) < len(lines), "searching filters the trace to %d of %d lines" % (len(visible), len(lines)))
    check(all("touchupinside" in l.text.lower() for l in visible), "every line left matches the search")
    search.clear()
    search.send_keys(Keys.BACKSPACE)
    driver.execute_script("document.getElementById('search').dispatchEvent(new Event('input'))")
    # A filter.
    box = driver.find_element(By.CSS_SELECTOR, "input[data-kind=hits]")
    box.click()
    hidden_hits = [l for l in driver.find_elements(By.CSS_SELECTOR, ".line.hits") if l.is_displayed()]
    check(hidden_hits == [], "unchecking hits hides the hit-test lines")
    box.click()
    # Clicking a line shows the frame of its moment.
    before = frame.get_attribute("data-t")
    target = driver.find_elements(By.CSS_SELECTOR, ".line")[-1]
    driver.execute_script("arguments[0].scrollIntoView()", target)
    target.click()
    after = frame.get_attribute("data-t")
    check(before != after and int(after) > int(before), "clicking a late trace line shows a later frame (%s -> %s)" % (before, after))
    # Arrow keys.
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    stepped = frame.get_attribute("data-t")
    check(int(stepped) < int(after), "the left arrow steps to the moment before (%s -> %s)" % (after, stepped))
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    check(frame.get_attribute("data-t") == after, "the right arrow steps forward again")
    # The summary per marker jumps to its moment.
    items = driver.find_elements(By.CSS_SELECTOR, "#summary li")
    check(len(items) > 0 and all(" → " in i.text for i in items), "each marker has a summary line (%d)" % len(items))
    driver.execute_script("arguments[0].scrollIntoView()", items[-1])
    items[-1].click()
    check(frame.get_attribute("data-t") == str(int(items[-1].get_attribute("data-t"))) or
          int(frame.get_attribute("data-t")) <= int(items[-1].get_attribute("data-t")),
          "clicking a marker's summary shows the frame of its moment")
    # Each touch explained, with its story.
    touches = driver.find_elements(By.CSS_SELECTOR, "#touches details")
    check(len(touches) > 0, "each touch is explained (%d)" % len(touches))
    touches[0].find_element(By.TAG_NAME, "summary").click()
    story = touches[0].find_element(By.TAG_NAME, "pre").text
    check("hit view:" in story, "a touch's story names its hit view")
    # Zoom.
    natural = driver.execute_script("return document.getElementById('frame').naturalWidth")
    driver.find_element(By.ID, "zoomIn").click()
    driver.find_element(By.ID, "zoomIn").click()
    zoomed = driver.execute_script("return document.getElementById('frame').getBoundingClientRect().width")
    check(abs(zoomed - natural * 1.5) <= 4, "zooming in twice shows the picture at 150%% (%s of %s px, with its border)" % (zoomed, natural))
    driver.find_element(By.ID, "zoomFit").click()
    fitted = driver.execute_script("return document.getElementById('frame').getBoundingClientRect().width")
    check(fitted < zoomed, "fit brings it back (%s px)" % fitted)
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(screenshot)
finally:
    driver.quit()
sys.exit(1 if failures else 0)
