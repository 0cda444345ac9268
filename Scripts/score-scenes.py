#!/usr/bin/env python3
"""Scores imported scenes against hand-read facts about the real apps: what fires, not what is present.

Usage: score-scenes.py KEYTRACE OUTDIR [--json FILE] [--apps a,b,...]

OUTDIR holds one folder per corpus app with the importer's scene.json (Scripts/score-import.sh
writes it). The hand-read facts are read from the repository:

- Tests/RealAppInventories/windows.tsv: each app's key window root and window count;
- Tests/RealAppCases/APP.jsonl: resolution cases (a first responder, a shortcut, the outcome on a
  device), each resolved here with `keytrace scene resolve`;
- Tests/RealAppInventories/apps.tsv: which half (development or held-out) each app is in.

Prints per app and pooled per half: cases resolving as on the device, key window roots right,
windows against the real count. A case whose first responder the scene's key window does not hold
cannot resolve as on the device and counts as a miss ("not in the key window"), unless a scene
state presents a controller that holds it: the case then resolves in that state (`--state`). A
first responder the key window holds but the scene as loaded does not focus resolves in the first
state that focuses it, when one does. A case with no first responder resolves in the state that
shows the deepest controller of its screen the key window does not hold, when one does.
"""

import argparse
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODIFIER_WORDS = {"command": "cmd", "shift": "shift", "alternate": "alt", "control": "ctrl"}
SPECIAL_INPUTS = {
    "UIKeyInputUpArrow": "up", "UIKeyInputDownArrow": "down", "UIKeyInputLeftArrow": "left",
    "UIKeyInputRightArrow": "right", "UIKeyInputEscape": "esc", "UIKeyInputPageUp": "pageup",
    "UIKeyInputPageDown": "pagedown", "UIKeyInputHome": "home", "UIKeyInputEnd": "end",
    "UIKeyInputDelete": "delete", "\r": "return", "\t": "tab", " ": "space", "\b": "backspace",
}


def read_halves():
    halves = {}
    with open(os.path.join(ROOT, "Tests/RealAppInventories/apps.tsv")) as handle:
        for line in handle:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            halves[fields[0]] = fields[1]
    return halves


def read_windows():
    path = os.path.join(ROOT, "Tests/RealAppInventories/windows.tsv")
    rows = {}
    if not os.path.exists(path):
        return rows
    with open(path) as handle:
        for line in handle:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            if len(fields) < 9:
                continue
            app, _, root, contains, kind, windows = fields[:6]
            rows[app] = {"root": root, "contains": contains, "kind": kind,
                         "windows": int(windows) if windows.isdigit() else None}
    return rows


def read_cases(app):
    path = os.path.join(ROOT, "Tests/RealAppCases", app + ".jsonl")
    if not os.path.exists(path):
        return []
    with open(path) as handle:
        return [json.loads(line) for line in handle if line.strip()]


def shortcut_text(shortcut):
    words = [MODIFIER_WORDS[m] for m in sorted(shortcut.get("modifiers", [])) if m in MODIFIER_WORDS]
    key = shortcut["input"]
    key = SPECIAL_INPUTS.get(key, key)
    if key.startswith("UIKeyInputF") and key[len("UIKeyInputF"):].isdigit():
        key = "f" + key[len("UIKeyInputF"):]
    if len(key) == 1 and key.isupper():
        key = key.lower()
    if key == "+":
        key = "plus"
    return "+".join(words + [key])


def type_of(name):
    """A scene node's name as the type it stands for: a SwiftUI view's host is named VIEW-host,
    the navigation controller a shown screen sits in SCREEN-navigation, a second node of one
    class under one parent CLASS-2, and a nested type's dots are dashes (`Outer-Inner` for
    `Outer.Inner`)."""
    if name.endswith("-host"):
        name = name[:-5]
    if name.endswith("-navigation"):
        name = name[:-11]
    return re.sub(r"-\d+$", "", name).replace("-", ".")


def same_type(node_type, case_type):
    """Whether a node's type is the one a case names, which may name a nested type by its last
    name (`ToolbarItems` for `StatusEditor.ToolbarItems`)."""
    return node_type == case_type or node_type.endswith("." + case_type)


def is_host(name):
    """Whether a scene node is the hosting controller SwiftUI shows a view in."""
    return name == "UIHostingController" or name.endswith("-host")


def is_navigation_of_chain(name, chain):
    """Whether a scene node is the navigation controller the importer shows a screen in, and the
    case's chain passes a navigation controller (UIKit's, or an app's subclass)."""
    return name.endswith("-navigation") and any(t == "UINavigationController" or t.endswith("NavigationController") for t in chain)


def key_window(scene):
    windows = scene.get("windows") or []
    return windows[0] if windows else None


def paths_of_type(node, type_name, prefix):
    """Paths of the responders named `type_name` under `node` (children, views and presented ones)."""
    found = []
    name = node.get("name", "")
    path = prefix + "/" + name if prefix else name
    if same_type(type_of(name), type_name):
        found.append(path)
    for key in ("children", "views"):
        for child in node.get(key) or []:
            found += paths_of_type(child, type_name, path)
    return found


def screen_state(scene, case):
    """The scene state showing a case's screen when the case names no first responder: the one
    whose steps present or push the deepest controller the case shows (`shown`) that the key
    window does not hold; None when the key window holds it (the launch screen) or no state
    shows it."""
    window = key_window(scene)
    root = (window or {}).get("root")
    for type_name in reversed(case.get("shown") or []):
        if root and paths_of_type(root, type_name, ""):
            return None
        for state in scene.get("states") or []:
            if any(same_type(type_of(step.get("present") or step.get("push") or ""), type_name) for step in state.get("steps") or []):
                return state["name"]
    return None


def state_showing(scene, type_name, chain):
    """The scene state whose steps present a controller of the case's chain holding `type_name`
    (the importer names a state after the controller it presents), the responder's path in that
    controller, and whether the state pushes it; None when no state does."""
    controllers = {node.get("name"): node for node in scene.get("controllers") or []}
    for state in scene.get("states") or []:
        for step in state.get("steps") or []:
            node = controllers.get(step.get("present") or step.get("push"))
            if not node:
                continue
            name = node.get("name", "")
            if type_of(name) not in chain and not (is_host(name) and "UIHostingController" in chain) \
                    and not is_navigation_of_chain(name, chain):
                continue
            paths = paths_of_type(node, type_name, "")
            if paths:
                return state["name"], best_path(paths, chain), bool(step.get("push"))
    return None


STATE_LISTINGS = {}


def pushed_path(keytrace, scene_path, state, name):
    """Where a state's push puts the controller named `name`: its path among the controllers
    `keytrace scene states` lists as shown in that state (the navigation controller it lands in
    may be anywhere in the key window); None when it lists none. Each scene is listed once."""
    if scene_path not in STATE_LISTINGS:
        try:
            result = subprocess.run([keytrace, "scene", "states", scene_path, "--json"], capture_output=True, text=True, timeout=60)
            STATE_LISTINGS[scene_path] = json.loads(result.stdout)
        except (subprocess.TimeoutExpired, ValueError):
            STATE_LISTINGS[scene_path] = {}
    for entry in STATE_LISTINGS[scene_path].get("states") or []:
        if entry.get("name") == state:
            return next((path for path in entry.get("controllers") or [] if path.endswith("/" + name)), None)
    return None


def state_focusing(scene, path):
    """The first scene state whose first responder is `path`, when the scene as loaded does not
    focus it; None otherwise."""
    if scene.get("firstResponder") == path:
        return None
    for state in scene.get("states") or []:
        if state.get("firstResponder") == path:
            return state["name"]
    return None


def best_path(paths, chain):
    """Of several responders of the first responder's type, the one whose ancestors the case's
    chain names most."""
    wanted = set(chain)
    return max(paths, key=lambda path: sum(type_of(part) in wanted for part in path.split("/")))


def resolve(keytrace, scene_path, first_responder, shortcut, state=None):
    command = [keytrace, "scene", "resolve", scene_path, "--json", shortcut]
    if first_responder:
        command[4:4] = ["--first-responder", first_responder]
    if state:
        command[4:4] = ["--state", state]
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return None, "timed out"
    if result.returncode != 0:
        return None, result.stderr.strip().splitlines()[-1] if result.stderr.strip() else "exit %d" % result.returncode
    return json.loads(result.stdout), None


def outcome_of(answer):
    if answer.get("system"):
        return "system", None
    winner = next((c for c in answer.get("candidates", []) if c.get("verdict") == "wins"), None)
    if winner:
        return "performed", winner
    if answer.get("textInputActive") and answer.get("textInputEdit"):
        return "text-input", None
    verdicts = [c.get("verdict", "") for c in answer.get("candidates", [])]
    for outcome in ("disabled", "shadowed"):
        if any(verdict.startswith("skipped: " + outcome) or verdict.startswith(outcome) for verdict in verdicts):
            return outcome, None
    return "unhandled", None


def last_type(path):
    return type_of(path.rsplit("/", 1)[-1]) if path else None


def performer_matches(expected, target, scene=None):
    """Whether the scene's performer is the case's: the key window's node is named `window` and
    the application's `application`, and a case names its class (`UIWindow`, `UIApplication` or
    the app's subclass). SwiftUI registers a view's
    shortcuts with the controller hosting it, so a case naming a SwiftUI view that a hosting
    controller of the scene holds matches that controller."""
    if target == "window":
        return expected.endswith("Window")
    if target == "application":
        return expected.endswith("Application")
    if last_type(target) is not None and same_type(last_type(target), expected):
        return True
    last = target.rsplit("/", 1)[-1] if target else ""
    if expected == "UIHostingController" and is_host(last):
        return True
    if scene is not None and is_host(last):
        node = node_at(scene, target) or presented_node(scene, last)
        return node is not None and bool(paths_of_type(node, expected, ""))
    return False


def presented_node(scene, name):
    """The scene's presented controller named `name`, or None."""
    return next((node for node in scene.get("controllers") or [] if node.get("name") == name), None)


def node_at(scene, path):
    """The scene node at a responder path (`window/A/B`), or None."""
    window = key_window(scene)
    if window is None or not path.startswith("window/"):
        return None
    node = window.get("root")
    parts = path.split("/")[1:]
    if not node or node.get("name") != parts[0]:
        return None
    for part in parts[1:]:
        node = next((c for c in (node.get("children") or []) + (node.get("views") or []) if c.get("name") == part), None)
        if node is None:
            return None
    return node


def provider_matches(expected, provider, scene=None):
    if expected == "main-menu":
        return provider in ("application", "menu") or (provider or "").startswith("menu")
    return performer_matches(expected, provider, scene) or (provider == "application" and expected.endswith("AppDelegate"))


def score_case(keytrace, scene_path, scene, case):
    expected = case["expected"]
    window = key_window(scene)
    first_responder = case.get("first_responder")
    path = None
    state = None
    if first_responder:
        if window is None or not window.get("root"):
            return False, "no key window"
        chain = case.get("chain") or []
        paths = paths_of_type(window["root"], first_responder, window.get("name", "window"))
        if paths:
            path = best_path(paths, chain)
            # A responder the app focuses only in a state it moves to (`start_ime()` sets a flag
            # and focuses a field): the case's screen is that state.
            state = state_focusing(scene, path)
        else:
            # A screen the user opens: the state that presents it.
            shown = state_showing(scene, first_responder, chain)
            if not shown:
                return False, "first responder not in the key window"
            # A presented controller sits on the key window's root controller; a pushed one in the
            # navigation controller the state pushes it onto.
            state, inner, pushed = shown
            path = "/".join([window.get("name", "window"), window["root"].get("name", ""), inner])
            if pushed:
                name = inner.split("/", 1)[0]
                landed = pushed_path(keytrace, scene_path, state, name)
                if landed:
                    path = landed + inner[len(name):]
    else:
        # No first responder: the screen still decides what is on screen (a sheet the case shows).
        state = screen_state(scene, case)
    answer, error = resolve(keytrace, scene_path, path, shortcut_text(case["shortcut"]), state)
    if answer is None:
        return False, "resolve failed: " + error
    outcome, winner = outcome_of(answer)
    if outcome != expected["outcome"]:
        return False, "outcome %s, expected %s" % (outcome, expected["outcome"])
    if outcome != "performed":
        return True, None
    action = winner["command"].get("action")
    # A SwiftUI shortcut runs a closure: it has no selector to compare (a case gives none, or
    # names the button), only who performs it.
    is_closure = (action or "").startswith("keyboardShortcut(")
    if expected.get("action") is not None and action != expected["action"] and not is_closure:
        return False, "action %s, expected %s" % (action, expected.get("action"))
    if expected.get("performer") and not performer_matches(expected["performer"], winner.get("target"), scene):
        return False, "performer %s, expected %s" % (winner.get("target"), expected["performer"])
    if expected.get("provider") and not provider_matches(expected["provider"], winner.get("provider"), scene):
        return False, "provider %s, expected %s" % (winner.get("provider"), expected["provider"])
    return True, None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("keytrace")
    parser.add_argument("outdir")
    parser.add_argument("--json", help="write per-app results to this file")
    parser.add_argument("--apps", help="comma-separated apps to score (default: every app with facts)")
    arguments = parser.parse_args()
    halves = read_halves()
    windows = read_windows()
    apps = arguments.apps.split(",") if arguments.apps else sorted(halves)
    results = {}
    for app in apps:
        scene_path = os.path.join(arguments.outdir, app, "scene.json")
        cases = read_cases(app)
        truth = windows.get(app)
        if not cases and not truth:
            continue
        scene = None
        if os.path.exists(scene_path):
            with open(scene_path) as handle:
                scene = json.load(handle)
        row = {"half": halves.get(app, "?"), "cases": len(cases), "right": 0, "misses": []}
        for case in cases:
            ok, why = score_case(arguments.keytrace, scene_path, scene, case) if scene else (False, "no scene")
            row["right"] += ok
            if not ok:
                row["misses"].append({"id": case.get("id"), "why": why})
        if truth and truth["root"] != "-":
            window = key_window(scene) if scene else None
            root_node = ((window or {}).get("root") or {}) if window else {}
            root = type_of(root_node.get("name", "")) if window else None
            # A SwiftUI root sits in the hosting controller: the root the truth names is its view,
            # or the controller a representable wrapping the content puts there.
            hosted = (root_node.get("views") or []) + (root_node.get("children") or [])
            if root == "UIHostingController" and hosted:
                root = hosted[0].get("name")
            row["root"] = root
            row["rootExpected"] = truth["root"]
            # A SwiftUI root is the WindowGroup's outermost view, often a system container
            # (`NavigationSplitView`): the app's view inside it names the same root.
            accepted = {truth["root"]}
            if truth["kind"] == "swiftui" and truth["contains"] != "-":
                accepted |= set(truth["contains"].split(","))
            row["rootRight"] = root in accepted
            row["windows"] = len(scene.get("windows") or []) if scene else 0
            row["windowsExpected"] = truth["windows"]
        results[app] = row
    print("%-16s %-11s %9s  %-5s %-34s %s" % ("app", "half", "cases", "root", "key window root (expected)", "windows"))
    for app, row in results.items():
        cases = "%d/%d" % (row["right"], row["cases"]) if row["cases"] else "-"
        root = ("yes" if row["rootRight"] else "no") if "rootRight" in row else "-"
        shown = "%s (%s)" % (row.get("root"), row.get("rootExpected")) if "rootRight" in row else "-"
        counts = "%s/%s" % (row.get("windows"), row.get("windowsExpected")) if "rootRight" in row else "-"
        print("%-16s %-11s %9s  %-5s %-34s %s" % (app, row["half"], cases, root, shown[:34], counts))
    for half in ("development", "held-out"):
        rows = [r for r in results.values() if r["half"] == half]
        cases = sum(r["cases"] for r in rows)
        right = sum(r["right"] for r in rows)
        rooted = [r for r in rows if "rootRight" in r]
        roots = sum(r["rootRight"] for r in rooted)
        exact = sum(1 for r in rooted if r["windows"] == r["windowsExpected"])
        invented = sum(max(0, r["windows"] - (r["windowsExpected"] or 0)) for r in rooted)
        print("%s: cases %d/%d (%.1f %%) over %d apps; key window root %d/%d (%.1f %%); window count exact %d/%d; windows beyond the real count %d"
              % (half, right, cases, 100.0 * right / cases if cases else 0, sum(1 for r in rows if r["cases"]),
                 roots, len(rooted), 100.0 * roots / len(rooted) if rooted else 0, exact, len(rooted), invented))
    if arguments.json:
        with open(arguments.json, "w") as handle:
            json.dump(results, handle, indent=1, sort_keys=True)


if __name__ == "__main__":
    sys.exit(main())
