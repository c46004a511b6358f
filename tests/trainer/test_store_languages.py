"""The history's sentences in the trainee's language: a damaged file moved aside, a history
that can only be read, answers kept while it cannot be written, a bad profile name — each said
in the language of the moment it is shown, so a notice made at open reads in the language the
trainee switched to before it is shown."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.volumes import immutable
from trainer import i18n
from trainer.history.store import Store, StoreError
from trainer.history.troubles import kept_sentence, unsaved_sentence

NB = "\u202f"


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_a_damaged_file_moved_aside_is_said_in_the_language_it_is_shown_in(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    path.write_bytes(bytes(range(256)) * 40)
    i18n.set_language("fr")
    with Store.open(path) as store:
        french = store.notice
        i18n.set_language("it")  # switched after the opening, before the notice is shown
        italian = store.notice
    assert french is not None and italian is not None
    assert "ce n'est pas une base de données" in french and "a été commencé" in french
    assert "non è un database" in italian and "è stato iniziato un nuovo storico" in italian
    # the same file named, and where it is kept
    (kept,) = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert str(path) in italian and str(kept) in italian and str(kept) in french


def test_answers_kept_are_said_in_french_and_in_italian(tmp_path: Path) -> None:
    with Store.open(tmp_path / "history.sqlite3") as store:
        session = store.start_session("Anna", "practice", ["a"], "p")
        store._conn.execute("PRAGMA query_only = ON")  # the injected failure: SQLITE_READONLY
        for n in range(3):
            assert store.record(session, "a", "i", {}, str(n), "1", False, 900) is None
        i18n.set_language("fr")
        assert store.trouble == (
            f"L'historique ne peut pas être écrit{NB}: il est en lecture seule. Vos 3 dernières "
            "réponses sont gardées et seront enregistrées dès que possible."
        )
        i18n.set_language("it")
        assert store.unsaved == (
            "Lo storico non si può scrivere: è in sola lettura. Le ultime 3 risposte non si sono "
            "potute salvare."
        )
        store._conn.execute("PRAGMA query_only = OFF")


@pytest.mark.parametrize(
    ("lang", "kept", "said"),
    [
        ("fr", 1, "Votre dernière réponse est gardée"),
        ("fr", 0, "La fin de votre séance est gardée"),
        ("it", 1, "L'ultima risposta è conservata"),
        ("it", 2, "Le ultime 2 risposte sono conservate"),
    ],
)
def test_what_is_kept_is_counted_in_the_trainee_s_words(lang: str, kept: int, said: str) -> None:
    i18n.set_language(lang)
    assert said in kept_sentence("the disk is full", kept)
    assert "disk" not in kept_sentence("the disk is full", kept)
    assert unsaved_sentence("the disk is full", kept).endswith(".")


def test_a_read_only_history_is_said_in_italian(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "history.sqlite3"
    with Store.open(path) as store:
        store.start_session("Anna", "practice", ["a"], "p")
    i18n.set_language("it")
    with immutable(folder), Store.open(path) as store:
        assert store.read_only == "its folder is read-only"  # the reason, kept as a code
        assert store.read_only_notice == (
            "Lo storico non si può scrivere: la sua cartella è in sola lettura. Statistiche, "
            "esportazione e vista dei progressi funzionano, ma non si può registrare nulla di "
            "nuovo."
        )
        with pytest.raises(StoreError, match="la sua cartella è in sola lettura"):
            store.start_session("Anna", "practice", ["a"], "p")


def test_a_profile_that_does_not_exist_is_said_in_french(tmp_path: Path) -> None:
    i18n.set_language("fr")
    with Store.open(tmp_path / "history.sqlite3") as store:
        with pytest.raises(ValueError, match="Il n'y a pas de profil nommé 'Zoé'"):
            store.delete_profile("Zoé")
        store.profile("Anna")
        store.profile("Bruno")
        with pytest.raises(ValueError, match="Le nom 'Bruno' est déjà pris"):
            store.rename_profile("Anna", "Bruno")
        with pytest.raises(ValueError, match="Un nouveau nom de profil ne peut pas être vide"):
            store.rename_profile("Anna", "  ")


def test_a_school_server_misnamed_and_a_session_gone_are_said_in_the_language(
    tmp_path: Path,
) -> None:
    from trainer.history.opening import open_history

    i18n.set_language("fr")
    with pytest.raises(StoreError, match="Le serveur de l'école se nomme postgresql://"):
        open_history("nowhere")
    i18n.set_language("it")
    with Store.open(tmp_path / "history.sqlite3") as store:
        with pytest.raises(ValueError, match="^Non c'è nessuna sessione 99"):
            store.record(99, "a", "i", {}, "1", "1", True, 5)
        session = store.start_session("Anna", "practice", ["a"], "p")
        store.end_session(session)
        with pytest.raises(ValueError, match=f"La sessione {session} è finita"):
            store.record(session, "a", "i", {}, "1", "1", True, 5)


def test_a_data_folder_that_cannot_be_made_says_why_in_french(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("SABOT_DATA_DIR", str(blocker / "sabot"))
    i18n.set_language("fr")
    with pytest.raises(StoreError) as refused:
        Store.open()
    # the system's reason in the trainee's words too, not Python's "Not a directory"
    assert "(une partie du chemin n'est pas un dossier)" in str(refused.value)
    assert str(refused.value).startswith(f"Le dossier de données {blocker / 'sabot'} ne peut")


@pytest.mark.parametrize(
    ("lang", "count"), [("en", "14,068"), ("fr", f"14{NB}068"), ("it", "14.068")]
)
def test_thousands_of_answers_kept_are_counted_as_the_language_writes_a_number(
    lang: str, count: str
) -> None:
    i18n.set_language(lang)
    assert f" {count} " in kept_sentence("the disk is full", 14068)
    assert f" {count} " in unsaved_sentence("the disk is full", 14068)
