"""Behaviours 1 and 2 of issue 3 in Chromium: real checkboxes, order badges and
renumbering, and the limit (1, N, 0) that no path gets past."""

from helpers import Gallery

A, B, C, D, E = "IMG_0101.jpg", "IMG_0102.jpg", "Sunset over the water.jpg", "IMG_0104.jpg", "Crème brûlée.jpg"


def test_every_photo_has_a_real_checkbox_labelled_with_its_file_name(page, demo):
    gallery = Gallery(page, demo).open().to_photos()
    boxes = page.locator("#gallery input[type=checkbox]")
    assert boxes.count() == len(demo.photos) == 24
    for photo in demo.photos:
        box = gallery.box(photo["name"])
        assert box.count() == 1, photo["name"]
        assert box.get_attribute("value") == photo["id"]
    assert gallery.state()["status"] == "0 of 3 picked"


def test_picks_are_numbered_in_the_order_they_were_made(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(C, A)
    state = gallery.state()
    assert state["badges"] == {C: "1", A: "2"}
    assert state["status"] == "2 of 3 picked"
    assert state["disabled"] == []


def test_reaching_the_limit_disables_every_other_checkbox_and_unpicking_enables_them(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(A, B, C)
    state = gallery.state()
    assert state["status"] == "3 of 3 picked — limit reached"
    assert sorted(state["disabled"]) == sorted(p["name"] for p in demo.photos if p["name"] not in (A, B, C))
    assert not gallery.box(D).is_enabled()
    gallery.unpick(B)
    state = gallery.state()
    assert state["status"] == "2 of 3 picked"
    assert state["disabled"] == []
    assert state["badges"] == {A: "1", C: "2"}


def test_unpicking_the_middle_pick_renumbers_those_after_it(page, make_site):
    site = make_site(limit=0)
    gallery = Gallery(page, site).open()
    gallery.pick(A, B, C, D, E)
    gallery.unpick(C)
    state = gallery.state()
    assert state["badges"] == {A: "1", B: "2", D: "3", E: "4"}
    assert state["tray"] == [A, B, D, E]
    assert state["trayNumbers"] == ["1", "2", "3", "4"]


def test_with_limit_1_picking_another_photo_replaces_the_pick(page, make_site):
    site = make_site(limit=1)
    gallery = Gallery(page, site).open()
    assert gallery.state()["status"] == "0 of 1 picked"
    gallery.pick(A)
    gallery.pick(D)
    state = gallery.state()
    assert state["checked"] == [D]
    assert state["badges"] == {D: "1"}
    assert state["tray"] == [D]
    assert state["disabled"] == []
    assert state["status"] == "1 of 1 picked — picking another replaces it"


def test_with_limit_0_there_is_no_limit_and_the_status_shows_the_count(page, make_site):
    site = make_site(limit=0)
    gallery = Gallery(page, site).open()
    assert gallery.state()["status"] == "0 picked"
    names = [p["name"] for p in site.photos[:12]]
    gallery.pick(*names)
    state = gallery.state()
    assert state["status"] == "12 picked"
    assert state["disabled"] == []
    assert [state["badges"][n] for n in names] == [str(i) for i in range(1, 13)]


def test_fast_repeated_clicks_cannot_pass_the_limit(page, demo):
    gallery = Gallery(page, demo).open()
    # Ten clicks in one task, faster than any person: the page must still stop at 3.
    page.evaluate("""() => {
      const boxes = Array.from(document.querySelectorAll('#gallery input[name=pick]')).slice(0, 10);
      boxes.forEach(b => b.click());
    }""")
    names = [p["name"] for p in demo.photos[:3]]
    state = gallery.state()
    assert state["checked"] == names
    assert state["tray"] == names
    assert state["badges"] == {name: str(i + 1) for i, name in enumerate(names)}


def test_a_checkbox_whose_aria_disabled_attribute_was_removed_still_cannot_pass_the_limit(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(A, B, C)
    # Someone edits the DOM in devtools and clicks a box that cannot be picked anyway.
    page.evaluate("id => { const b = document.querySelector(`#p-${id} input`); b.removeAttribute('aria-disabled'); b.click(); }", demo.photo(D)["id"])
    state = gallery.state()
    assert state["checked"] == [A, B, C]
    assert state["tray"] == [A, B, C]
    assert D not in state["badges"]
    assert "limit reached" in state["refusal"] and state["refusalBeside"] == D  # beside the photo clicked
    assert "limit reached" not in (state["notice"] or "")  # not in the tray


def test_the_keyboard_cannot_pass_the_limit(page, demo):
    gallery = Gallery(page, demo).open()
    names = [p["name"] for p in demo.photos[:6]]
    for name in names:
        gallery.box(name).focus()  # every box takes focus, at the limit too
        page.keyboard.press("Space")
    state = gallery.state()
    assert state["checked"] == names[:3]
    assert "limit reached. Unpick one first" in state["refusal"] and state["refusalBeside"] == names[5]
    assert state["status"] == "3 of 3 picked — limit reached"


def test_the_viewer_cannot_pass_the_limit(page, demo):
    gallery = Gallery(page, demo).open()
    gallery.pick(A, B, C)
    gallery.view(D)
    viewer_pick = page.locator("#viewer-pick")
    assert page.locator("#viewer-name").text_content() == D
    assert viewer_pick.is_disabled()
    assert page.locator("#viewer-pick-label").text_content() == "Limit reached"
    page.keyboard.press("Space")
    # Said beside the button, where the client looked.
    page.wait_for_function("() => !document.getElementById('viewer-refusal').hidden")
    assert "Unpick one first" in page.locator("#viewer-refusal").text_content()
    state = gallery.state()
    assert state["checked"] == [A, B, C]
    assert state["status"] == "3 of 3 picked — limit reached"
