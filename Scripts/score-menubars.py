#!/usr/bin/env python3
"""Scores imported scenes' Mac menu bars against the hand-read ones.

Usage: score-menubars.py KEYTRACE OUTDIR [--json FILE] [--apps APP…] [--half development|held-out]
                         [--platform catalyst|ios]

OUTDIR holds one folder per corpus app with the importer's scene.json (Scripts/score-import.sh
writes it). For each app with a hand-read menu bar, Tests/RealAppMenus/APP.json (its format:
Tests/RealAppInventories/README.md), the script draws the scene's menu bar with `KEYTRACE scene
menubar OUTDIR/APP/scene.json --json --platform catalyst` and compares it with the hand-read bar.
`--platform` names the build the scenes were imported for (`--platform` of the import, catalyst
by default): the hand-read items only that other build has (`"only": "ipad"` or `"catalyst"`)
are not expected.

Per app it prints:

- items: the app's items drawn in the menu the hand-read bar puts them in, of those expected;
- menus: the hand-read menus holding all their items;
- order: the hand-read menus holding exactly their items, in their order;
- removed: whether the standard menus gone from the bar (removed or replaced) are the ones the
  app removes or replaces in the build scored (`removedOnly` names those only one build removes),
  among the menus KeyTrace's standard main menu models; a replaced menu's own place may hold
  its replacement, so only what it held counts;
- matches: the menu bar matches: every menu right and in order, no other item of the app's in
  the bar, the app's menus in the hand-read order, and the removed and replaced menus right.

Then pooled per half (Tests/RealAppMenus/catalyst-apps.tsv, else Tests/RealAppInventories/apps.tsv).
"""

import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MENUS = os.path.join(ROOT, "Tests/RealAppMenus")
# How a hand-read bar writes a submenu as one item: `Sort By ▸ <sort orders>`.
SUBMENU_MARK = "\u25b8"
TOP_LEVEL = ["application", "file", "edit", "format", "view", "window", "help"]
MODIFIERS = {"command": "cmd", "shift": "shift", "alternate": "opt", "control": "ctrl"}
MODIFIER_ORDER = ["ctrl", "opt", "shift", "cmd"]
SPECIAL_INPUTS = {
    "UIKeyInputUpArrow": "up", "UIKeyInputDownArrow": "down", "UIKeyInputLeftArrow": "left",
    "UIKeyInputRightArrow": "right", "UIKeyInputEscape": "esc", "UIKeyInputPageUp": "pageup",
    "UIKeyInputPageDown": "pagedown", "UIKeyInputHome": "home", "UIKeyInputEnd": "end",
    "UIKeyInputDelete": "delete", "\x7f": "forwarddelete", "\r": "return", "\t": "tab", " ": "space", "\b": "delete",
}
# SwiftUI's CommandGroupPlacement names, as the UIKit menus they stand for.
SWIFTUI_GROUPS = {
    "appInfo": "about", "appSettings": "preferences", "systemServices": "services", "appVisibility": "hide",
    "appTermination": "quit", "newItem": "newScene", "saveItem": "document", "printItem": "print",
    "undoRedo": "undoRedo", "pasteboard": "standardEdit", "textEditing": "find", "textFormatting": ["font", "text"],
    "windowSize": "minimizeAndZoom", "windowArrangement": "bringAllToFront", "printing": "print",
}
# The standard menus KeyTrace's main menu models, each with its parent, and how the bar shows
# that its standard content is there: a submenu or menu of that id, or an item of that title
# (inline groups have no id in the drawing).
STANDARD = {
    "application": (None, ("menu", "application")), "about": ("application", ("prefix", "About ")),
    "preferences": ("application", ("title", "Settings…")), "services": ("application", ("submenu", "services")),
    "hide": ("application", ("title", "Hide Others")), "quit": ("application", ("prefix", "Quit ")),
    "file": (None, ("menu", "file")),
    "edit": (None, ("menu", "edit")), "undoRedo": ("edit", ("title", "Undo")), "standardEdit": ("edit", ("title", "Cut")),
    "find": ("edit", ("submenu", "find")), "spelling": ("edit", ("submenu", "spelling")),
    "substitutions": ("edit", ("submenu", "substitutions")), "transformations": ("edit", ("submenu", "transformations")),
    "speech": ("edit", ("submenu", "speech")),
    "format": (None, ("menu", "format")), "font": ("format", ("submenu", "font")), "textStyle": ("font", ("title", "Bold")),
    "textSize": ("font", ("title", "Bigger")), "textColor": ("font", ("title", "Show Colors")),
    "textStylePasteboard": ("font", ("title", "Copy Style")), "text": ("format", ("submenu", "text")),
    "alignment": ("text", ("title", "Align Left")), "writingDirection": ("text", ("submenu", "writingDirection")),
    "view": (None, ("menu", "view")), "toolbar": ("view", ("title", "Show Toolbar")), "sidebar": ("view", ("title", "Show Sidebar")),
    "fullscreen": ("view", ("title", "Enter Full Screen")),
    "window": (None, ("menu", "window")), "minimizeAndZoom": ("window", ("title", "Minimize")),
    "bringAllToFront": ("window", ("title", "Bring All to Front")),
    "help": (None, ("title", "Help")),
}


def read_halves():
    halves = {}
    for path, column in [(os.path.join(MENUS, "catalyst-apps.tsv"), 1), (os.path.join(ROOT, "Tests/RealAppInventories/apps.tsv"), 1)]:
        with open(path) as handle:
            for line in handle:
                if line.startswith("#") or line.startswith("app\t") or not line.strip():
                    continue
                fields = line.rstrip("\n").split("\t")
                halves.setdefault(fields[0], fields[column])
    return halves


def shortcut_text(item):
    """A hand-read item's key in the menu bar's text notation, or None for an item no key triggers."""
    key = item.get("input")
    if not key:
        return None
    modifiers = {MODIFIERS[m] for m in (item.get("modifiers") or []) if m in MODIFIERS}
    if len(key) == 1 and key.isalpha() and key.isupper():
        key = key.lower()
        modifiers.add("shift")
    key = SPECIAL_INPUTS.get(key, key.lower())
    # `UIKeyInputF3`: the function keys are drawn as `f3`.
    if key.startswith("uikeyinputf") and key[11:].isdigit():
        key = "f" + key[11:]
    return "+".join([m for m in MODIFIER_ORDER if m in modifiers] + [key])


# The drawn text notation's key words, as the hand-read keys are written.
DRAWN_WORDS = {"plus": "+", "minus": "-", "backspace": "delete"}


def normalized_text(text):
    if not text:
        return None
    parts = text.split("+")
    key = "+" if text.endswith("++") or text == "+" else parts[-1]
    key = DRAWN_WORDS.get(key, key)
    modifiers = set(p for p in parts[:-1] if p)
    if len(key) == 1 and key.isalpha() and key.isupper():
        key = key.lower()
        modifiers.add("shift")
    return "+".join([m for m in MODIFIER_ORDER if m in modifiers] + [key])


def draw(keytrace, scene):
    result = subprocess.run([keytrace, "scene", "menubar", scene, "--json", "--platform", "catalyst"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        return None, result.stderr.strip().splitlines()[-1:] or ["exit %d" % result.returncode]
    return json.loads(result.stdout), None


def has_app_items(elements):
    return any(element["type"] == "command" and element["origin"] == "app"
               or element["type"] == "submenu" and has_app_items(element["items"]) for element in elements)


def bar_contents(bar, submenus=frozenset()):
    """Per top-level menu: its key (a standard id, else its title), and its app items in order;
    and the set of standard menus whose content the bar shows. A submenu of the app's whose
    title is in `submenus` (the titles' alternatives, of those the hand-read bar writes as one
    item, `Sort By ▸ …`) is one item, standing for its contents."""
    menus = []
    present = set()
    for menu in bar["menus"]:
        key = menu["id"] if menu["id"] in TOP_LEVEL else menu["title"]
        items = []
        standard_content = [False]

        def walk(elements):
            for element in elements:
                kind = element["type"]
                if kind == "submenu" and alternatives(element.get("title")) in submenus and has_app_items(element["items"]):
                    items.append({"submenu": element["title"], "title": element["title"]})
                elif kind == "submenu":
                    if element.get("id"):
                        present.add(("submenu", element["id"]))
                    walk(element["items"])
                elif kind == "search-field":
                    present.add(("search", menu["id"]))
                    standard_content[0] = True
                elif kind == "command":
                    if element["origin"] == "app":
                        items.append(element)
                    else:
                        standard_content[0] = True
                        present.add(("title", element["title"]))
                        for prefix in ("About ", "Quit "):
                            if element["title"].startswith(prefix):
                                present.add(("prefix", prefix))
        walk(menu["items"])
        if standard_content[0]:
            present.add(("menu", menu["id"]))
        menus.append((key, items))
    gone = set()
    for name, (_, (kind, value)) in STANDARD.items():
        if (kind, value) not in present:
            gone.add(name)
    return menus, gone


def with_descendants(names):
    """The standard menus `names` take away: theirs and their descendants, and a menu all of
    whose standard submenus go (Format, when Font and Text are replaced), which then shows none
    of UIKit's items."""
    result = set(names)
    changed = True
    while changed:
        changed = False
        for name, (parent, _) in STANDARD.items():
            if parent in result and name not in result:
                result.add(name)
                changed = True
        for name, (_, marker) in STANDARD.items():
            children = [child for child, (parent, _) in STANDARD.items() if parent == name]
            if marker[0] == "menu" and name not in result and children and all(child in result for child in children):
                result.add(name)
                changed = True
    return result


def expected_items(hand, platform):
    other = "ipad" if platform == "catalyst" else "catalyst"
    menus = []
    for menu in hand["menus"]:
        items = [item for item in menu["items"] if item.get("only") != other]
        if items:
            key = menu["menu"] if not menu.get("custom") else menu["menu"]
            menus.append((key, bool(menu.get("custom")), items))
    return menus


def removed_on(hand, platform):
    """The standard menus the hand-read app removes or replaces in the build for `platform`: all
    of them but those its `removedOnly` gives to the other build (a removal written inside
    `#if targetEnvironment(macCatalyst)` leaves the iPad's menu whole)."""
    other = "ipad" if platform == "catalyst" else "catalyst"
    only = hand.get("removedOnly", {})
    names = hand.get("removed", []) + [entry["menu"] for entry in hand.get("replaced", [])]
    return [name for name in names if only.get(name) != other]


def same_menu(hand_key, custom, bar_key):
    if custom:
        return hand_key.strip().lower() == bar_key.strip().lower()
    return hand_key == bar_key


def submenu_title(item):
    """The title of the submenu a hand-read item stands for (`Sort By ▸ <orders>`), or None."""
    title = item.get("title") or ""
    return title.split(SUBMENU_MARK)[0].strip() if SUBMENU_MARK in title else None


def matches(item, drawn):
    """Whether a drawn app item is the hand-read item: the same action and key, or for an item
    whose action the scene names after its shortcut (SwiftUI), the same key and title. A
    hand-read action written as alternatives (`play / pause`, a title and action chosen at run
    time) matches any of them, and a title written so matches the same alternatives in any
    order; a hand-read submenu matches a drawn submenu of its title."""
    if "submenu" in drawn or submenu_title(item) is not None:
        return drawn.get("submenu") is not None and alternatives(drawn["submenu"]) == alternatives(submenu_title(item))
    key = shortcut_text(item)
    drawn_key = normalized_text(drawn.get("text"))
    action = item.get("action")
    drawn_action = drawn.get("action") or ""
    same_key = key == drawn_key
    if action and not drawn_action.startswith("keyboardShortcut("):
        return drawn_action in action.split(" / ") and (same_key or key is None or drawn_key is None)
    if key is not None:
        return same_key
    return alternatives(item.get("title")) == alternatives(drawn.get("title"))


def alternatives(title):
    """The titles an item is shown with: a title chosen at run time is written as its
    alternatives joined with ` / `, in any order (`Start Sync / Stop Sync`)."""
    return frozenset(part.strip() for part in (title or "").split(" / "))


def score_app(keytrace, outdir, app, platform):
    with open(os.path.join(MENUS, app + ".json")) as handle:
        hand = json.load(handle)
    scene = os.path.join(outdir, app, "scene.json")
    if not os.path.exists(scene):
        return {"app": app, "error": "no scene"}
    bar, error = draw(keytrace, scene)
    if bar is None:
        return {"app": app, "error": error[0]}
    expected = expected_items(hand, platform)
    submenus = frozenset(alternatives(title) for _, _, items in expected for title in map(submenu_title, items) if title)
    drawn_menus, gone = bar_contents(bar, submenus)
    # Each drawn app item once: the first hand-read item it matches, menus in bar order.
    drawn = [(key, position, item) for key, items in drawn_menus for position, item in enumerate(items)]
    used = set()
    placed = 0
    total = 0
    menus_right = 0
    order_right = 0
    for hand_key, custom, items in expected:
        total += len(items)
        found_here = []
        all_here = True
        for item in items:
            candidates = [index for index, (key, _, candidate) in enumerate(drawn) if index not in used and matches(item, candidate)]
            here = [index for index in candidates if same_menu(hand_key, custom, drawn[index][0])]
            chosen = here[0] if here else (candidates[0] if candidates else None)
            if chosen is None:
                all_here = False
                continue
            used.add(chosen)
            if here:
                placed += 1
                found_here.append(chosen)
            else:
                all_here = False
        if all_here:
            menus_right += 1
            in_bar = [index for index, (key, _, _) in enumerate(drawn) if same_menu(hand_key, custom, key)]
            if in_bar == found_here:
                order_right += 1
    extra = [drawn[index] for index in range(len(drawn)) if index not in used]
    removed_hand = set()
    for name in removed_on(hand, platform):
        names = SWIFTUI_GROUPS.get(name, name)
        for name in names if isinstance(names, list) else [names]:
            if name in STANDARD:
                removed_hand.add(name)
    removed_hand = with_descendants(removed_hand)
    # A replaced menu's own place holds the replacement (`replaceChildren(ofMenu: .edit)` keeps
    # an Edit menu of the app's items): only what it held must be gone.
    replaced = {entry["menu"] for entry in hand.get("replaced", [])}
    removed_right = removed_hand - replaced == gone - replaced
    # The app's menus in the hand-read order.
    order_of_menus = []
    for hand_key, custom, _ in expected:
        positions = [index for index, (key, _) in enumerate(drawn_menus) if same_menu(hand_key, custom, key)]
        order_of_menus.append(positions[0] if positions else -1)
    menus_in_order = order_of_menus == sorted(order_of_menus) and -1 not in order_of_menus
    bar_matches = (order_right == len(expected) and not extra and removed_right and menus_in_order)
    return {
        "app": app, "items": total, "placed": placed, "menus": len(expected), "menusRight": menus_right,
        "orderRight": order_right, "removedRight": removed_right, "extraItems": len(extra), "matches": bar_matches,
        "missingRemoved": sorted(removed_hand - gone - replaced), "extraRemoved": sorted(gone - removed_hand - replaced),
    }


def percent(part, whole):
    return "–" if whole == 0 else "%.1f %%" % (100.0 * part / whole)


def main():
    parser = argparse.ArgumentParser(description="Score imported scenes' menu bars against the hand-read ones.")
    parser.add_argument("keytrace")
    parser.add_argument("outdir")
    parser.add_argument("--json", dest="json_path")
    parser.add_argument("--apps", nargs="*")
    parser.add_argument("--half", choices=["development", "held-out"])
    parser.add_argument("--platform", choices=["catalyst", "ios"], default="catalyst")
    args = parser.parse_args()
    halves = read_halves()
    apps = sorted(name[:-5] for name in os.listdir(MENUS) if name.endswith(".json"))
    if args.apps:
        apps = [app for app in apps if app in args.apps]
    if args.half:
        apps = [app for app in apps if halves.get(app) == args.half]
    results = []
    print("%-16s %-11s %9s %9s %9s %8s %6s %8s" % ("app", "half", "items", "menus", "order", "removed", "extra", "matches"))
    for app in apps:
        result = score_app(args.keytrace, args.outdir, app, args.platform)
        result["half"] = halves.get(app, "?")
        results.append(result)
        if "error" in result:
            print("%-16s %-11s %s" % (app, result["half"], result["error"]))
            continue
        print("%-16s %-11s %4d/%-4d %4d/%-4d %4d/%-4d %8s %6d %8s" % (
            app, result["half"], result["placed"], result["items"], result["menusRight"], result["menus"],
            result["orderRight"], result["menus"], "yes" if result["removedRight"] else "no", result["extraItems"],
            "yes" if result["matches"] else "no"))
    pooled = {}
    for half in ["development", "held-out"]:
        rows = [r for r in results if r["half"] == half and "error" not in r]
        if not rows and not any(r["half"] == half for r in results):
            continue
        summary = {
            "apps": len([r for r in results if r["half"] == half]),
            "matches": sum(r["matches"] for r in rows),
            "items": sum(r["items"] for r in rows), "placed": sum(r["placed"] for r in rows),
            "menus": sum(r["menus"] for r in rows), "menusRight": sum(r["menusRight"] for r in rows),
            "orderRight": sum(r["orderRight"] for r in rows), "removedRight": sum(r["removedRight"] for r in rows),
        }
        pooled[half] = summary
        print("pooled %-11s apps %d: menu bar matches %d; items placed %d/%d (%s); menus right %d/%d (%s); in order %d/%d; removed right %d" % (
            half, summary["apps"], summary["matches"], summary["placed"], summary["items"], percent(summary["placed"], summary["items"]),
            summary["menusRight"], summary["menus"], percent(summary["menusRight"], summary["menus"]), summary["orderRight"],
            summary["menus"], summary["removedRight"]))
    if args.json_path:
        with open(args.json_path, "w") as handle:
            json.dump({"apps": results, "pooled": pooled}, handle, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
