#!/usr/bin/env python3
"""Fails when a gesture recognizer subclass in TouchKit uses a privileged door.

Every recognizer (the built-ins included) reaches the gesture environment only through its
public `GestureRecognizerContext` and UIKit's public API, as a subclass in another module must.
In a file that declares a recognizer subclass (under Sources/TouchKit/Gestures and Components;
the base class and the environment are in Core/Recognizers and Core/GestureEnvironment;
the scroll view's own recognizers are part of its layer), this check refuses:
  - another object's underscored storage (`touch._recognizers`, `view?._window`), and
  - the base class's underscored members (`_state`, `_trackedTouches`, `_requestState`, ...),
    called on itself.
A recognizer's own underscored stored properties (`_firstTapLocation`), kept in its own
`RecordCell` or not, are its own business."""
import os, re, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(root)
base_files = ["Sources/TouchKit/Core/Recognizers/" + name for name in os.listdir("Sources/TouchKit/Core/Recognizers")]
privileged = set()
for path in base_files + ["Sources/TouchKit/Core/GestureEnvironment/" + n for n in os.listdir("Sources/TouchKit/Core/GestureEnvironment")]:
    privileged |= set(re.findall(r"\b(?:var|func|let) (_[A-Za-z]\w*)", open(path).read()))

subclass = re.compile(r"class \w+\s*:\s*(UI\w*GestureRecognizer|TouchUpInsideGestureRecognizer)\b")
problems = []
for folder in ("Sources/TouchKit/Gestures", "Sources/TouchKit/Components", "Sources/TouchKit/Navigation", "Sources/TouchKit/SystemGestures"):
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if path in base_files or not name.endswith(".swift"):
            continue
        text = open(path).read()
        if not subclass.search(text):
            continue
        own = set(re.findall(r"\b(?:var|let|func) (_[A-Za-z]\w*)", text))
        for number, line in enumerate(text.split("\n"), 1):
            code = re.sub(r"//.*", "", line)
            code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', code)
            for match in re.finditer(r"(\b\w+|\))\??\.(_[A-Za-z]\w*)", code):
                receiver, member = match.group(1), match.group(2)
                if receiver == "self" and member not in privileged:
                    continue
                # Its own fields, kept in its own RecordCell (`_panFields.fields._translation`), and
                # the record's reflection, which a class with a cell answers for its own cell and
                # hands on to its superclass for the rest.
                if receiver == "fields" and member in own or receiver == "super" and member == "_recordFields":
                    continue
                if receiver in ("Self",) or receiver[0].isupper() and member in own:
                    continue
                problems.append(f"{path}:{number}: reaches {receiver}.{member}")
            for match in re.finditer(r"(?<![\w.])(_[A-Za-z]\w*)", code):
                if match.group(1) in privileged and match.group(1) not in own:
                    problems.append(f"{path}:{number}: uses the base class's {match.group(1)}")
if problems:
    print("Recognizers must use GestureRecognizerContext and public API, not privileged storage:")
    print("\n".join("  " + p for p in problems))
    sys.exit(1)
print("check-recognizer-doors: every recognizer subclass uses only public doors")
