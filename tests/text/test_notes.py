"""Footnote markers are linked to their notes and back; lost markers and lost notes are stated."""


def test_markers_in_the_text(edition):
    refs = {(p.id, r.number) for p in edition.passages for r in p.note_refs}
    assert refs == {
        ("calculation.game.4", 14), ("nivernaise.game.4", 15), ("empress.game.4", 16),
        ("empress.game.10", 17), ("napoleon.game.4", 19), ("constitution.end.1", 20),
    }
    marker = edition.passage("constitution.end.1").note_refs[0]
    assert edition.passage("constitution.end.1").ocr[marker.start : marker.end] == "^[20]"


def test_attested_notes_belong_to_the_game_of_their_marker(edition):
    assert edition.notes[14].games == ("calculation",) and not edition.notes[14].inferred
    assert edition.notes[14].passage_id == "notes.14"
    assert edition.notes[14].cited_by == ("calculation.game.4",)
    assert edition.notes[19].passage_id == "notes.19" and edition.notes[19].games == ("napoleon",)


def test_a_marker_without_its_note_says_so(edition):
    note = edition.notes[20]
    assert note.passage_id is None and note.cited_by == ("constitution.end.1",)


def test_notes_with_lost_markers_are_inferred(edition):
    assert all(edition.notes[n].inferred for n in range(1, 14))
    assert all(edition.notes[n].games == () for n in range(1, 14))
    assert edition.notes[18].inferred and edition.notes[18].games == ()
    assert "Hemispheres" in edition.notes[18].reason
    assert all(edition.notes[n].reason for n in list(range(1, 14)) + [18])


def test_notes_1_to_18_are_in_the_notes_section_and_19_is_at_a_page_bottom(edition):
    section = [p.id for p in edition.passages if p.kind == "note" and p.fragments == ("004",)]
    assert section == [f"notes.{n}" for n in range(1, 19)]
    assert edition.passage("notes.19").fragments == ("003",)
