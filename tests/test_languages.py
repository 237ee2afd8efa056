"""Languages: the catalogue is complete and compiled, no word bypasses it, numbers and
dates follow the language, the running app switches language live, and every screen
holds its Spanish words inside their boxes at 800x600, 1280x800 and 1920x1080 (and its
English ones at 800x600 and 1920x1080), at every text size, none of them under 11 px."""

from __future__ import annotations

import datetime
import gettext
import io
import os
import string
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest
from babel.messages.mofile import write_mo

from game import i18n
from game.app import App
from game.i18n import _, format_date, format_number, format_percent, ngettext
from game.scenes.requests import Screen
from game.ui.widgets.controls import Button
from game.ui.words import refusal_words
from tests.conftest import AppMaker
from tests.drive import Input, menu_button
from tools import catalogue, strings_scan
from tools.screenshot import staged
from tools.screenshot_targets import TARGETS
from tools.text_audit import (
    LOOKS,
    TEXT_SIZES,
    Drawn,
    Frame,
    Look,
    audit,
    audited_looks,
    choose_text_size,
    problems,
    watching,
)

TRANSLATED = sorted(code for code in i18n.LANGUAGES if code != i18n.DEFAULT_LANGUAGE)
"""Every language but English: each has its catalogue, and every screen is audited in it."""


def fields(text: object) -> set[str]:
    assert isinstance(text, str)
    return {
        name for _literal, name, _spec, _conv in string.Formatter().parse(text) if name is not None
    }


# --- the catalogue ----------------------------------------------------------------------


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_in_the_game_is_translated(code: str) -> None:
    """Extracted from game/ as the build does: each message is in the language's
    catalogue, translated (not fuzzy, no form empty), with the same {fields}."""
    translations = catalogue.read(catalogue.LOCALE_DIR / code / "LC_MESSAGES" / "contack.po")
    problems = []
    for message in catalogue.extract():
        if not message.id:
            continue
        found = translations.get(message.id, message.context)
        if found is None:
            problems.append(f"missing: {message.id!r}")
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = found.string if isinstance(found.string, tuple) else (found.string,)
        if found.fuzzy or not all(forms):
            problems.append(f"untranslated: {message.id!r}")
        elif fields(forms[-1]) != fields(ids[-1]) or any(
            not fields(form) <= fields(ids[-1]) for form in forms
        ):
            problems.append(f"other fields: {message.id!r} -> {forms!r}")
    assert not problems, "\n".join(problems)


def test_no_visible_word_bypasses_the_catalogue() -> None:
    """A worded string in the screens' layers is a catalogue message, a docstring, a
    developer's error, or marked `# untranslated:` (tools/strings_scan.py says how)."""
    assert strings_scan.all_bypasses() == []


def test_the_scanner_finds_words_that_bypass_the_catalogue(tmp_path: Path) -> None:
    source = tmp_path / "scene.py"
    source.write_text(
        '"""A docstring is fine."""\n'
        "from game.i18n import N_, _\n"
        'LABEL = N_("Start game")\n'
        "def draw(ui, count):\n"
        '    ui.text("Start game", 20)\n'
        '    ui.text(_("Start game"), 20)\n'
        '    ui.text(f"{count} tiles left", 20)\n'
        '    ui.text(_(f"{count} tiles left"), 20)\n'
        '    ui.text("Contack.ttf", 20)  # untranslated: a file\n'
        '    raise ValueError("a message for developers")\n',
        encoding="utf-8",
    )
    found = {line for line, _text in strings_scan.bypasses(source)}
    assert found == {5, 7, 8}


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalogue_is_the_po_file_compiled(code: str) -> None:
    """The build compiles the .po (setup.py); after editing it, `pip install -e .` or
    `python -m tools.catalogue compile` brings the .mo up to date. (Compared message by
    message, the header aside: two Babel versions may lay the same file out differently,
    and each names itself in the header it writes.)"""
    po_file = catalogue.LOCALE_DIR / code / "LC_MESSAGES" / "contack.po"
    mo_file = po_file.with_suffix(".mo")
    assert mo_file.is_file(), "no compiled catalogue: run `pip install -e .`"
    compiled = io.BytesIO()
    write_mo(compiled, catalogue.read(po_file))
    compiled.seek(0)
    with mo_file.open("rb") as installed:
        messages = [
            {
                key: text
                for key, text in gettext.GNUTranslations(mo)._catalog.items()  # type: ignore[attr-defined]
                if key != ""
            }
            for mo in (installed, compiled)
        ]
    assert messages[0] == messages[1], "the .mo is older than the .po"


# --- words, numbers and dates ------------------------------------------------------------


def test_spanish_words_numbers_and_dates() -> None:
    assert i18n.set_language("es") == "es"
    assert _("New table game") == "Nueva partida de mesa"
    assert ngettext("{count} tile", "{count} tiles", 1).format(count=1) == "1 triángulo"
    assert ngettext("{count} tile", "{count} tiles", 3).format(count=3) == "3 triángulos"
    assert format_number(1234) == "1234" and format_number(12345) == "12.345"
    assert format_number(-2.5, 1) == "-2,5"
    assert format_percent(0.45) == "45\u00a0%"
    assert format_date(datetime.date(2026, 11, 23)) == "23 de noviembre de 2026"
    assert _("") == ""  # not the catalogue's header


def test_english_words_numbers_and_dates() -> None:
    i18n.set_language("en")
    assert format_number(12345) == "12,345" and format_number(1234) == "1,234"
    assert format_percent(0.45) == "45%"
    assert format_date(datetime.date(2026, 11, 23)) == "23 November 2026"


def test_an_unknown_language_speaks_english() -> None:
    assert i18n.set_language("xx") == "en"
    assert _("New table game") == "New table game"


@pytest.mark.parametrize(
    ("variables", "expected"),
    [
        ({"LANGUAGE": "es_MX:en"}, "es"),
        ({"LANGUAGE": "", "LC_ALL": "es_ES.UTF-8"}, "es"),
        ({"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "de_DE.UTF-8"}, "en"),
        ({"LANGUAGE": "fr"}, "en"),
    ],
)
def test_the_default_language_follows_the_system(
    monkeypatch: pytest.MonkeyPatch, variables: dict[str, str], expected: str
) -> None:
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    assert i18n.system_language() == expected


def test_a_windows_locale_name_gives_its_language(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("locale.getlocale", lambda: ("Spanish_Mexico", "1252"))
    assert i18n.system_language() == "es"
    monkeypatch.setattr("locale.getlocale", lambda: (None, None))
    assert i18n.system_language() == "en"


def test_colour_words_come_from_the_theme_in_each_language() -> None:
    """The rules give colour indices; the words are the theme's, in the language."""
    from game.rules.figure_refusals import VALUE_CLASH, Refusal
    from game.ui.theme import THEMES

    refusal = Refusal(VALUE_CLASH, colour=2, value=10, other_colour=2, other_value=1)
    i18n.set_language("es")
    assert refusal_words(refusal, THEMES["modern"].edge_names) == (
        "El oro 10 no puede tocar el oro 1."
    )
    assert refusal_words(refusal, THEMES["1962"].edge_names) == (
        "El morado 10 no puede tocar el morado 1."
    )
    i18n.set_language("en")
    assert refusal_words(refusal, THEMES["1939"].edge_names) == ("Orange 10 cannot touch orange 1.")


# --- the running app --------------------------------------------------------------------


def drawn_words(app: App) -> list[str]:
    """Every text one frame of the app draws."""
    with watching(app) as frame:
        app.draw(1.0)
    return [drawn.text for drawn in frame.texts]


def choose_language(drive: Input, code: str) -> None:
    """Click the settings screen's Language arrows until `code` is chosen."""
    scene = drive.app.scene
    choice = scene.language  # type: ignore[attr-defined]
    forward = choice._arrows(choice._control_rect(drive.app.ui), drive.app.ui)[1]
    for _click in range(len(choice.options)):
        if drive.app.settings.language == code:
            return
        drive.click(forward.center)
    assert drive.app.settings.language == code


def test_the_language_switches_live_in_the_running_app(make_app: AppMaker, tmp_path: Path) -> None:
    """Spanish chosen in the settings shows at once: the menu, the table, a refusal and
    the score screen speak Spanish; English comes back the same way. The choice is
    saved with the settings."""
    app = make_app()
    drive = Input(app)
    assert "New table game" in drawn_words(app)
    drive.click(app.scene.buttons["settings"])  # type: ignore[attr-defined]
    choose_language(drive, "es")
    assert "Idioma" in drawn_words(app)
    drive.press(pygame.K_ESCAPE)
    assert "Nueva partida de mesa" in drawn_words(app)

    refused = TARGETS["table-refusal"](app, None)
    assert refused.scene is not None
    app.push(refused.scene)
    drive.frames()
    assert refused.after_layout is not None
    refused.after_layout()
    drive.frames()
    assert any(word.startswith("Mano 1 de") for word in drawn_words(app))
    assert any("no puede tocar" in notice for notice in app.notices), app.notices

    score = TARGETS["score"](app, None)
    assert score.scene is not None
    app.push(score.scene)
    drive.frames()
    words = drawn_words(app)
    assert "Tallas finales" in words and "La hoja del Encargado de Tallas" in words

    assert '"language": "es"' in (tmp_path / "settings.json").read_text(encoding="utf-8")
    app.clear_to_root()
    drive.frames()
    drive.click(app.scene.buttons["settings"])  # type: ignore[attr-defined]
    choose_language(drive, "en")
    drive.press(pygame.K_ESCAPE)
    assert "New table game" in drawn_words(app)


def test_an_edition_sets_theme_language_and_options_together(make_app: AppMaker) -> None:
    """The Spanish edition on the setup screen: Spanish words, the 1939 colours named in
    Spanish, Club Contack by the Spanish book's rules offered first and chosen, with the
    box's chips; the seats stay as they were."""
    app = make_app()
    app.open(Screen.SETUP)
    drive = Input(app)
    drive.frames()
    setup = app.scene
    edition = setup.edition  # type: ignore[attr-defined]
    forward = edition._arrows(edition._control_rect(app.ui), app.ui)[1]
    while app.settings.edition != "spanish":
        drive.click(forward.center)
    assert app.settings.language == "es" and app.settings.theme == "1939"
    assert setup.rules.variant.options[0][0] == "club-spanish"  # type: ignore[attr-defined]
    assert setup.rules.variant.value == "club-spanish"  # type: ignore[attr-defined]
    assert "Club Contack, libro español" in drawn_words(app)
    assert "Fichas en la caja" in drawn_words(app)
    rules = setup.config()["rules"]  # type: ignore[attr-defined]
    assert (rules["variant"], rules["club_rules"], rules["chips"]) == ("club", "spanish", 200)
    assert setup.names[0].text == "Jugador 1"  # type: ignore[attr-defined]
    assert app.art.theme.edge_names[2] == "orange" and _("orange") == "naranja"


def test_fresh_settings_are_the_modern_edition_until_a_part_is_chosen_apart(
    make_app: AppMaker,
) -> None:
    """A first New table game names the edition the fresh settings are, the game's own
    modern one (in Spanish too: a language chosen keeps it), never "Your own mix"; tile
    colours chosen apart in the settings make the mix."""
    app = make_app()
    drive = Input(app)
    drive.click(app.scene.buttons["table"])  # type: ignore[attr-defined]
    words = drawn_words(app)
    assert "Modern Contack" in words and "Your own mix" not in words
    drive.press(pygame.K_ESCAPE)
    drive.click(app.scene.buttons["settings"])  # type: ignore[attr-defined]
    assert app.scene.edition.words() == "Modern Contack"  # type: ignore[attr-defined]
    choose_language(drive, "es")
    assert "Contack moderno" in drawn_words(app)
    drive.press(pygame.K_ESCAPE)
    drive.click(app.scene.buttons["table"])  # type: ignore[attr-defined]
    words = drawn_words(app)
    assert "Contack moderno" in words and "A tu gusto" not in words
    drive.press(pygame.K_ESCAPE)
    drive.click(app.scene.buttons["settings"])  # type: ignore[attr-defined]
    theme = app.scene.theme  # type: ignore[attr-defined]
    drive.click(theme._arrows(theme._control_rect(app.ui), app.ui)[1].center)
    assert app.settings.theme == "1939"
    assert app.scene.edition.words() == "A tu gusto"  # type: ignore[attr-defined]
    drive.press(pygame.K_ESCAPE)
    drive.click(app.scene.buttons["table"])  # type: ignore[attr-defined]
    assert "A tu gusto" in drawn_words(app)


# --- every screen, in Spanish, keeps its words in their boxes -----------------------------


def english_only(code: str) -> frozenset[str]:
    """English messages whose translation differs: none of them may show in `code`."""
    translations = catalogue.read(catalogue.LOCALE_DIR / code / "LC_MESSAGES" / "contack.po")
    return frozenset(
        message.id
        for message in translations
        if isinstance(message.id, str)
        and message.id
        and message.string
        and message.string != message.id
        and len(message.id) > 3
    )


ENGLISH_ONLY = {code: english_only(code) for code in TRANSLATED}


def look_name(look: Look) -> str:
    """A look as a failure names it: `es-800x600`."""
    code, (width, height) = look
    return f"{code}-{width}x{height}"


IN_MEMORY = "/dev/shm"
"""A folder kept in memory, where the system has one (Linux)."""


@contextmanager
def in_memory_home(test: str) -> Iterator[str]:
    """A fresh folder for a staged app's files, in memory where the system has one: the
    audit reads no file back, and each text size chosen saves the settings, a write that
    waits for the disk (fsync) on a disk and not in memory. Named after the `test` as
    `tmp_path` is, as long as that (the about screen shows the folders)."""
    with tempfile.TemporaryDirectory(dir=IN_MEMORY if os.path.isdir(IN_MEMORY) else None) as memory:
        yield os.path.join(memory, "pytest-of-player", test[:30])


@pytest.fixture
def staging_home(request: pytest.FixtureRequest) -> Iterator[str]:
    """`in_memory_home` for this test."""
    with in_memory_home(request.node.name) as home:
        yield home


@pytest.mark.audit
@pytest.mark.parametrize("target", sorted(TARGETS))
def test_every_screen_keeps_its_words_in_their_boxes(
    target: str, request: pytest.FixtureRequest
) -> None:
    """Each `tools/screenshot.py` target at each look (`LOOKS`) and each text size
    (Normal, Large, Largest, chosen in turn over it as in Settings): no text outside the
    window, its widget or its panel, none over another, none cut short, none under
    11 px, none left in English. One case a target: it is staged once in a folder of
    its own and given each look in turn as a player does (`audited_looks`), and a
    failure names the look and text size (`'es-800x600 largest'`)."""
    found: dict[str, list[str]] = {}
    with in_memory_home(request.node.name) as home:
        for look, text_size, frame, screen in audited_looks(target, LOOKS, home, TEXT_SIZES):
            english = ENGLISH_ONLY.get(look[0], frozenset())
            found[f"{look_name(look)} {text_size}"] = problems(frame, screen.get_rect()) + [
                f"left in English: {drawn.text!r}" for drawn in frame.texts if drawn.text in english
            ]
    assert found == {
        f"{look_name(look)} {text_size}": [] for look in LOOKS for text_size in TEXT_SIZES
    }


def test_a_notice_finds_its_place_anew_when_a_text_size_is_chosen_over_it(
    staging_home: str,
) -> None:
    """A hand's end with its "Ann went out!" notice, Large chosen over it: the picture is
    the one staged at Large, the notice at the lowest plain place of the new layout, not
    kept where it found one during play (so the audit chooses each text size over it)."""
    pictures = []
    for first, chosen in (("normal", "large"), ("large", "large")):
        app = staged(
            "table-hand-end",
            (1920, 1080),
            os.path.join(staging_home, first),
            language="en",
            text_size=first,
            picture=False,
        )
        try:
            app.relayout()
            choose_text_size(app, chosen)
            app.draw(1.0)
            assert app.notice_boxes()
            pictures.append(pygame.image.tobytes(app.screen, "RGB"))
        finally:
            app.close()
    assert pictures[0] == pictures[1]


def test_a_staging_shows_the_same_picture_whatever_window_came_before(staging_home: str) -> None:
    """A target staged right after a window of another size, and again after one of its
    own size (which posts no window events), shows the same picture: its screen is on
    top before its first frame either way (seven seats mid-game: the last tile's mark
    swells, a step short where the menu took the first update)."""
    pygame.display.set_mode((1280, 800))
    pictures = []
    for again in ("first", "again"):
        app = staged("table-7", (800, 600), os.path.join(staging_home, again), language="en")
        try:
            pictures.append(pygame.image.tobytes(app.screen, "RGB"))
        finally:
            app.close()
    assert pictures[0] == pictures[1]


def test_the_audit_finds_words_too_small_to_read() -> None:
    """A text under `SMALLEST_TEXT_PX` pixels is a problem, as one cut short is."""
    frame = Frame(small={"Hand 1 of 3": 9}, cut=["Greedy 1, Gree…"])
    found = problems(frame, pygame.Rect(0, 0, 800, 600))
    assert found == ["cut short: 'Greedy 1, Gree…'", "too small (9 px): 'Hand 1 of 3'"]


def test_the_audit_finds_a_button_whose_words_are_not_all_drawn(make_app: AppMaker) -> None:
    """A button's label wrapped onto more lines than the button holds lost words with
    no ellipsis (the lines past it were painted over): the audit compares the words
    drawn in each button with its label, and reports a label laid out short of its
    words. Drawn whole, the menu's buttons pass."""
    app = make_app(size=(800, 600))
    quit_button = menu_button(app, "quit")
    assert isinstance(quit_button, Button) and quit_button.label == "Quit"
    quit_button.label = "Quit the game, close the window and rest a while before the next game"
    with watching(app) as frame:
        app.draw(1.0)
    found = problems(frame, app.screen.get_rect())
    box = tuple(quit_button.rect)
    assert f"words of {quit_button.label!r} not drawn in its button {box}" in found
    assert f"cut short: {quit_button.label!r}" in found
    quit_button.label = "Quit"
    with watching(app) as frame:
        app.draw(1.0)
    assert problems(frame, app.screen.get_rect()) == []
    drawn = Drawn("Quit the game", quit_button.rect.copy(), 0)
    label = (0, quit_button.rect.copy(), "Quit the game and close the window")
    assert len(problems(Frame(texts=[drawn], labels=[label]), app.screen.get_rect())) == 1


def test_the_audit_takes_words_under_a_dialog_as_hidden() -> None:
    """A screen's words under a dialog's panel do not run into the dialog's words; the
    same words side by side on one screen do."""
    menu = Drawn("Draw solitaire", pygame.Rect(160, 240, 160, 23), 0)
    question = Drawn("Quit Contack?", pygame.Rect(290, 240, 210, 25), 1)
    dialog = Frame(texts=[menu, question], panels=[(1, pygame.Rect(230, 200, 340, 160))])
    assert problems(dialog, pygame.Rect(0, 0, 800, 600)) == []
    question.scene = 0
    assert len(problems(dialog, pygame.Rect(0, 0, 800, 600))) == 1


@pytest.mark.parametrize("size", [(1280, 640), (800, 600)], ids=["1280x640", "800x600"])
@pytest.mark.parametrize("code", ["en", "es"])
def test_the_join_panel_stays_below_the_title(
    make_app: AppMaker, code: str, size: tuple[int, int]
) -> None:
    app = make_app(size=size)
    app.settings.language = code
    app.apply_settings()
    app.open(Screen.JOIN)
    Input(app).frames()
    with watching(app) as frame:
        app.draw(1.0)
    title = next(d.rect for d in frame.texts if d.text == _("Join a table"))
    panel = app.scene.panel  # type: ignore[attr-defined]
    assert title.bottom < panel.top and panel.bottom <= size[1]


RESIZED_SHOTS = (
    "menu",
    "setup",
    "table-7",
    "table-banner-log",
    "draw-solitaire-over",
    "stacked-solitaire",
    "replay",
    "score",
    "rules-3",
    "daily",
    "join",
    "save-record",
)
"""Screens of each kind resized in the tests (`python -m tools.text_audit --resized-from`
audits every target)."""


@pytest.mark.audit
@pytest.mark.parametrize(
    ("code", "first", "size"),
    [("es", (1920, 1080), (800, 600)), ("en", (800, 600), (1920, 1080))],
    ids=["es-shrunk", "en-grown"],
)
@pytest.mark.parametrize("target", RESIZED_SHOTS)
def test_a_resized_window_keeps_its_words_in_their_boxes(
    target: str, code: str, first: tuple[int, int], size: tuple[int, int], staging_home: str
) -> None:
    """A screen staged in a window the player then resizes is laid out for its new size:
    no text outside its box, over another or cut short there."""
    app = staged(target, size, staging_home, language=code, resized_from=first)
    try:
        assert app.size == size and audit(app) == []
    finally:
        app.close()


@pytest.mark.audit
@pytest.mark.parametrize("target", ["table-2", "table-7", "guided-1", "menu", "setup"])
def test_a_hidpi_window_keeps_its_words_in_their_boxes(target: str, staging_home: str) -> None:
    """The largest size promised (2560x1440), in English: the seat panels' scores ran
    into their tile counts there. (`python -m tools.text_audit` checks every target at
    every size in both languages.)"""
    app = staged(target, (2560, 1440), staging_home, language="en")
    try:
        assert audit(app) == []
    finally:
        app.close()


# --- settings and the About screen ---------------------------------------------------------


def test_a_damaged_language_or_edition_setting_falls_back() -> None:
    from game.persist.settings import Settings

    settings = Settings.from_dict({"language": "klingon", "edition": 1939, "theme": "1962"})
    assert settings.language == "" and settings.edition == "" and settings.theme == "1962"
    assert Settings.from_dict({"language": "es", "edition": "spanish"}).language == "es"


def test_the_about_screen_opens_the_games_folders(
    make_app: AppMaker, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Where the system can open a folder, each folder has its Open button; the version,
    the font's licence and the folders are on the screen."""
    opened: list[Path] = []

    def opener(folder: Path) -> bool:
        opened.append(folder)
        return True

    monkeypatch.setattr("game.scenes.menus.about.folder_opener", lambda: opener)
    app = make_app()
    app.open(Screen.ABOUT)
    drive = Input(app)
    drive.frames()
    about = app.scene
    words = drawn_words(app)
    assert any("DejaVu" in word for word in words)
    assert any(word.startswith("Contack ") for word in words)
    assert str(tmp_path) in "".join(words)  # a long folder wraps (at its slashes)
    drive.click(about.open_buttons[0])  # type: ignore[attr-defined]
    assert opened == [app.storage.config_dir]


def test_the_about_screen_says_so_where_no_folder_can_be_opened(
    make_app: AppMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("game.scenes.menus.about.folder_opener", lambda: None)
    app = make_app()
    app.open(Screen.ABOUT)
    Input(app).frames()
    assert not any(button.visible for button in app.scene.open_buttons)  # type: ignore[attr-defined]
    assert "This system gives the game no way to open a folder for you." in drawn_words(app)
