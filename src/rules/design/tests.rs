use super::*;

fn error(text: &str) -> DesignError {
    text.parse::<Design>().expect_err("a broken file")
}

const MEASURE: &str = r#"format = 1
id = "measure"
name = "Measure Burrow"

[movement]
steps = "orthogonal"
path = "straight"

[template]
distance = "king"
"#;

#[test]
fn every_builtin_file_reads_and_writes_back_the_same_design() {
    for (id, text) in BUILTIN_FILES {
        let design: Design = text.parse().unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(design.id, id);
        let again: Design = design.to_string().parse().expect("written files read");
        assert_eq!(again, design, "{id}");
    }
}

#[test]
fn a_wrong_value_names_its_line_field_and_the_choices() {
    let text = MEASURE.replace("distance = \"king\"", "distance = \"queen\"");
    let e = error(&text);
    assert_eq!(e.line, Some(10), "{e}");
    assert_eq!(e.field.as_deref(), Some("template.distance"), "{e}");
    assert!(
        e.message.contains("king") && e.message.contains("steps"),
        "{e}"
    );
    let text = format!("{MEASURE}\n[template.count]\nof = \"friends\"\nlines = \"queens\"\n");
    let e = error(&text);
    assert_eq!(e.field.as_deref(), Some("template.count.lines"), "{e}");
    assert_eq!(e.line, Some(14), "{e}");
    assert_eq!(
        e.to_string(),
        "line 14, template.count.lines: expected one of queen, rook, bishop; found 'queens'"
    );
}

#[test]
fn inline_tables_and_unknown_keys_are_named_too() {
    let text = MEASURE.replace(
        "distance = \"king\"",
        "count = { of = \"friend\", lines = \"rook\" }",
    );
    let e = error(&text);
    assert_eq!(e.field.as_deref(), Some("template.count.of"), "{e}");
    let text = MEASURE.replace("path = \"straight\"", "path = \"straight\"\njumps = true");
    let e = error(&text);
    assert_eq!(e.field.as_deref(), Some("movement.jumps"), "{e}");
    assert!(e.message.contains("jumping"), "{e}");
}

#[test]
fn the_rules_of_the_system_are_checked() {
    // No unlimited translation: single knight leaps cannot cover every
    // distance.
    let e = error(
        &MEASURE
            .replace("path = \"straight\"", "path = \"single\"")
            .replace("steps = \"orthogonal\"", "steps = \"knight\""),
    );
    assert_eq!(e.field.as_deref(), Some("movement"), "{e}");
    let e = error(
        &MEASURE
            .replace("path = \"straight\"", "path = \"within-box\"")
            .replace("distance = \"king\"", "route = \"any\""),
    );
    assert_eq!(e.field.as_deref(), Some("template.route"), "{e}");
    let e = error(&MEASURE.replace("distance = \"king\"", ""));
    assert!(e.message.contains("at least one measure"), "{e}");
    let e = error(&MEASURE.replace("format = 1", "format = 2"));
    assert!(e.message.contains("format 1"), "{e}");
    let e = error(&MEASURE.replace("steps = \"orthogonal\"", "steps = [[1, 0], [0, 0]]"));
    assert!(e.message.contains("[0, 0] does not move"), "{e}");
    let e = error(&"#".repeat(MAX_FILE_BYTES + 1));
    assert_eq!(e.line, None);
}

#[test]
fn listed_steps_and_every_measure_write_back() {
    let text = r#"format = 1
id = "every-measure"
name = "Every \"Measure\""
summary = "A test of the writer."

[movement]
steps = [[1, 2], [2, 1], [0, 1]]
path = "two-directions"
jumping = true

[template]
box = "turned"
route = "mirrored"
directions = "turned"
offset = "any"
distance = "steps"
line = true

[template.count]
of = "enemies"
lines = "bishop"
compare = "at-least"
"#;
    let design: Design = text.parse().unwrap();
    assert_eq!(design.movement.steps.as_slice().len(), 3);
    assert!(design.template.line);
    assert_eq!(design.to_string().parse::<Design>().unwrap(), design);
}
