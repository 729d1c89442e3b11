//! `olm.semver` template text, written and edited the way a curator would by hand: a new
//! template from a rendered package's bundle list, and a bundle image added to a channel
//! archetype's list (the rest of the text, comments included, left as it is). Which channels the
//! template generates is `channels.rs`'s business.

use std::borrow::Cow;
use std::fmt;

use crate::model::Package;
use crate::sort::SortWith;
use crate::yaml::cut::{is_blank_or_comment, is_marker_line};
use serde_json::{Map, Value};

/// The channel archetypes of a semver template, in opm's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Archetype {
    /// The `candidate` channels.
    Candidate,
    /// The `fast` channels.
    Fast,
    /// The `stable` channels.
    Stable,
}

impl Archetype {
    /// The three, in opm's order.
    pub const ALL: [Archetype; 3] = [Archetype::Candidate, Archetype::Fast, Archetype::Stable];

    /// The key as opm's README writes it (`Candidate`, `Fast`, `Stable`).
    pub fn key(self) -> &'static str {
        match self {
            Archetype::Candidate => "Candidate",
            Archetype::Fast => "Fast",
            Archetype::Stable => "Stable",
        }
    }

    /// The lower-case name, as in channel names (`candidate-v1.2`).
    pub fn name(self) -> &'static str {
        match self {
            Archetype::Candidate => "candidate",
            Archetype::Fast => "fast",
            Archetype::Stable => "stable",
        }
    }

    /// The archetype of a lower-case name, any case accepted (`None` for another word).
    pub fn from_name(name: &str) -> Option<Archetype> {
        Archetype::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(name))
    }
}

/// Why a bundle could not be added to the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditError {
    /// The image reference is empty or has white space.
    BadImage(String),
    /// A JSON template that does not parse, or whose top level is not an object.
    Json(String),
    /// The archetype (or its bundle list) is written in flow style on one line.
    FlowStyle {
        /// The archetype.
        archetype: Archetype,
        /// The 1-based line it is on.
        line: usize,
    },
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::BadImage(i) => write!(
                f,
                "{i:?} is not a bundle image reference (it is empty or has spaces)"
            ),
            EditError::Json(e) => write!(
                f,
                "the template is JSON that could not be read ({e}); fix it first"
            ),
            EditError::FlowStyle { archetype, line } => write!(
                f,
                "the {} bundles are written in flow style (line {line}); add the image by hand",
                archetype.key()
            ),
        }
    }
}

impl std::error::Error for EditError {}

/// A YAML scalar for an image reference: plain when that reads back the same, else quoted.
fn yaml_scalar(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "._/:@+-".contains(c))
        && s.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && !s.contains(": ");
    if plain {
        s.to_string()
    } else {
        Value::String(s.to_string()).to_string()
    }
}

/// A name fit for a one-line comment.
fn comment_text(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// A semver template listing `pkg`'s bundle images (each with its name as a comment), minor
/// channels generated. A bundle goes under every archetype that names one of its channels
/// (`stable-v1.2` is Stable, `fast` is Fast); a bundle in no such channel goes under Stable.
/// Bundles without an image are left out (named in a comment).
///
/// # Complexity
/// O(B · C + B log B) for B bundles in C channels.
pub fn semver_template_from(pkg: &Package) -> String {
    let mut bundles: Vec<_> = pkg.bundles.iter().collect();
    bundles.sort_with(|a, b| match (&a.version, &b.version) {
        (Some(x), Some(y)) => x.cmp(y).then_with(|| a.name.cmp(&b.name)),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.name.cmp(&b.name),
    });
    let archetypes_of = |name: &str| -> Vec<Archetype> {
        let channels = pkg.channels_of(name);
        let found: Vec<Archetype> = Archetype::ALL
            .into_iter()
            .filter(|a| {
                channels
                    .iter()
                    .any(|c| c.to_ascii_lowercase().contains(a.name()))
            })
            .collect();
        if found.is_empty() {
            vec![Archetype::Stable]
        } else {
            found
        }
    };
    let mut out = format!(
        "# olm.semver template started from the bundles of {}.\n# Each bundle is listed under every archetype named in one of its channels; bundles in\n# no candidate, fast or stable channel are listed under Stable.\nSchema: olm.semver\nGenerateMajorChannels: false\nGenerateMinorChannels: true\n",
        comment_text(&pkg.name)
    );
    let no_image: Vec<&str> = bundles
        .iter()
        .filter(|b| b.image.as_deref().is_none_or(str::is_empty))
        .map(|b| b.name.as_str())
        .collect();
    for arch in Archetype::ALL {
        let listed: Vec<_> = bundles
            .iter()
            .filter(|b| b.image.as_deref().is_some_and(|i| !i.is_empty()))
            .filter(|b| archetypes_of(&b.name).contains(&arch))
            .collect();
        if listed.is_empty() {
            continue;
        }
        out.push_str(&format!("{}:\n  Bundles:\n", arch.key()));
        for b in listed {
            let image = b.image.as_deref().unwrap_or_default();
            out.push_str(&format!(
                "  # {}\n  - Image: {}\n",
                comment_text(&b.name),
                yaml_scalar(image)
            ));
        }
    }
    if !no_image.is_empty() {
        out.push_str(&format!(
            "# Left out (no image): {}\n",
            comment_text(&no_image.join(", "))
        ));
    }
    out
}

/// The version a curator types for a bundle image no bundle source has: spaces and a leading
/// `v` dropped, then read strictly, as a bundle's `olm.package` version is read; `None` when
/// nothing is typed. The error names the version.
///
/// # Complexity
/// O(n) in the length of the text.
pub fn entered_version(text: &str) -> Result<Option<String>, String> {
    let version = text.trim().trim_start_matches('v');
    if version.is_empty() {
        return Ok(None);
    }
    crate::semver::Version::parse(version).map_err(|e| format!("version {version:?}: {e}"))?;
    Ok(Some(version.to_string()))
}

/// `text` with `image` added to `archetype`'s bundle list (the archetype and its list created
/// when missing). YAML is edited line by line, keeping everything else as written; JSON is
/// rewritten (indented, keys sorted).
///
/// # Complexity
/// O(n) in the length of the text.
pub fn add_bundle(text: &str, archetype: Archetype, image: &str) -> Result<String, EditError> {
    let image = image.trim();
    if image.is_empty() || image.chars().any(char::is_whitespace) {
        return Err(EditError::BadImage(image.to_string()));
    }
    if text.trim_start().starts_with('{') {
        return add_to_json(text, archetype, image);
    }
    Ok(add_to_yaml(text, archetype, image)?.concat())
}

/// The key of `map` equal to `want` ignoring case (opm matches keys that way), or `want`.
fn key_like(map: &Map<String, Value>, want: &str, capital: bool) -> String {
    map.keys()
        .find(|k| k.eq_ignore_ascii_case(want))
        .cloned()
        .unwrap_or_else(|| capitalized(want, capital))
}

fn capitalized(word: &str, capital: bool) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(c) if capital => c.to_ascii_uppercase().to_string() + chars.as_str(),
        _ => word.to_string(),
    }
}

fn add_to_json(text: &str, archetype: Archetype, image: &str) -> Result<String, EditError> {
    let mut doc: Value = serde_json::from_str(text).map_err(|e| EditError::Json(e.to_string()))?;
    let top = doc
        .as_object_mut()
        .ok_or_else(|| EditError::Json("the top level is not an object".into()))?;
    let capital = top.keys().any(|k| k == "Schema");
    let arch_key = key_like(top, archetype.name(), capital);
    let arch = top
        .entry(arch_key)
        .or_insert_with(|| Value::Object(Map::new()));
    if !arch.is_object() {
        *arch = Value::Object(Map::new());
    }
    let arch = arch
        .as_object_mut()
        .ok_or_else(|| EditError::Json("unreachable".into()))?;
    let list_key = key_like(arch, "bundles", capital);
    let list = arch
        .entry(list_key)
        .or_insert_with(|| Value::Array(Vec::new()));
    if !list.is_array() {
        *list = Value::Array(Vec::new());
    }
    let item_key = capitalized("image", capital);
    if let Some(items) = list.as_array_mut() {
        let mut item = Map::new();
        item.insert(item_key, Value::String(image.to_string()));
        items.push(Value::Object(item));
    }
    let written = serde_json::to_string_pretty(&doc).map_err(|e| EditError::Json(e.to_string()))?;
    Ok(written + "\n")
}

/// Leading spaces of a line.
fn indent(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// `key` and what follows its colon (comment dropped), for a `key: rest` line.
fn key_and_rest(line: &str) -> Option<(&str, &str)> {
    let t = line.trim_start();
    let (key, rest) = t.split_once(':')?;
    let key_ok = !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !key_ok || !(rest.is_empty() || rest.starts_with([' ', '\t', '\r', '\n'])) {
        return None;
    }
    let rest = rest.split(" #").next().unwrap_or("").trim();
    Some((key, rest))
}

/// The line ending the text uses.
fn eol(lines: &[&str]) -> &'static str {
    if lines.first().is_some_and(|l| l.ends_with("\r\n")) {
        "\r\n"
    } else {
        "\n"
    }
}

/// Where the first YAML document's lines are: `[start, end)`.
fn first_document(lines: &[&str]) -> (usize, usize) {
    let first = lines
        .iter()
        .position(|l| !is_blank_or_comment(l))
        .unwrap_or(lines.len());
    let start = if lines.get(first).is_some_and(|l| is_marker_line(l)) {
        first + 1
    } else {
        0
    };
    let end = (first + 1..lines.len())
        .find(|&i| is_marker_line(lines[i]))
        .unwrap_or(lines.len());
    (start, end.max(start))
}

/// The index after the last line of `range` that is neither blank nor a comment.
fn after_content(lines: &[&str], from: usize, to: usize, fallback: usize) -> usize {
    (from..to)
        .rev()
        .find(|&i| !is_blank_or_comment(lines[i]))
        .map_or(fallback, |i| i + 1)
}

/// The text as lines (with their endings), being edited.
struct Lines<'a> {
    lines: Vec<&'a str>,
    out: Vec<Cow<'a, str>>,
    nl: &'static str,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Self {
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let nl = eol(&lines);
        let out = lines.iter().map(|l| Cow::Borrowed(*l)).collect();
        Lines { lines, out, nl }
    }

    /// `key: rest` of a line at column 0.
    fn top_key(&self, i: usize) -> Option<(&'a str, &'a str)> {
        let line = self.lines[i];
        (indent(line) == 0).then(|| key_and_rest(line)).flatten()
    }

    /// Inserts `text` before line `at`, ending the line before it first when it has no newline.
    fn insert(&mut self, at: usize, text: String) {
        if at > 0 && !self.out[at - 1].ends_with('\n') {
            self.out[at - 1] = Cow::Owned(format!("{}{}", self.out[at - 1], self.nl));
        }
        self.out.insert(at, Cow::Owned(text));
    }

    fn item(&self, indent: usize, key: &str, image: &str) -> String {
        format!(
            "{}- {key}: {}{}",
            " ".repeat(indent),
            yaml_scalar(image),
            self.nl
        )
    }
}

fn add_to_yaml<'a>(
    text: &'a str,
    archetype: Archetype,
    image: &str,
) -> Result<Vec<Cow<'a, str>>, EditError> {
    let mut t = Lines::new(text);
    let (start, end) = first_document(&t.lines);
    let capital = (start..end).filter_map(|i| t.top_key(i)).any(|(k, _)| {
        k == "Schema"
            || (k.eq_ignore_ascii_case(archetype.name()) && k.starts_with(char::is_uppercase))
    });
    let found = (start..end).find(|&i| {
        t.top_key(i)
            .is_some_and(|(k, _)| k.eq_ignore_ascii_case(archetype.name()))
    });
    let Some(a) = found else {
        let at = after_content(&t.lines, start, end, end);
        let (nl, item) = (t.nl, t.item(2, &capitalized("image", capital), image));
        let block = format!(
            "{}:{nl}  {}:{nl}{item}",
            capitalized(archetype.name(), capital),
            capitalized("bundles", capital),
        );
        t.insert(at, block);
        return Ok(t.out);
    };
    match t.top_key(a) {
        Some((_, rest)) if !rest.is_empty() => {
            return Err(EditError::FlowStyle {
                archetype,
                line: a + 1,
            })
        }
        _ => {}
    }
    let block_end = (a + 1..end)
        .find(|&i| indent(t.lines[i]) == 0 && !is_blank_or_comment(t.lines[i]))
        .unwrap_or(end);
    let capital = t
        .top_key(a)
        .is_some_and(|(k, _)| k.starts_with(char::is_uppercase));
    add_to_list(&mut t, (a, block_end), archetype, image, capital)?;
    Ok(t.out)
}

/// Adds the image to the bundle list of the archetype whose block is `a..block_end` (the list
/// created when missing).
fn add_to_list(
    t: &mut Lines<'_>,
    (a, block_end): (usize, usize),
    archetype: Archetype,
    image: &str,
    capital: bool,
) -> Result<(), EditError> {
    let bundles_at = (a + 1..block_end).find(|&i| {
        !t.lines[i].trim_start().starts_with('-')
            && key_and_rest(t.lines[i]).is_some_and(|(k, _)| k.eq_ignore_ascii_case("bundles"))
    });
    let Some(k) = bundles_at else {
        let item = t.item(2, &capitalized("image", capital), image);
        let block = format!("  {}:{}{item}", capitalized("bundles", capital), t.nl);
        t.insert(a + 1, block);
        return Ok(());
    };
    let bi = indent(t.lines[k]);
    let (key, rest) = key_and_rest(t.lines[k]).unwrap_or(("bundles", ""));
    if !rest.is_empty() && rest != "[]" {
        return Err(EditError::FlowStyle {
            archetype,
            line: k + 1,
        });
    }
    let in_list = |l: &str| {
        is_blank_or_comment(l)
            || indent(l) > bi
            || (indent(l) == bi && l.trim_start().starts_with('-'))
    };
    let list_end = (k + 1..block_end)
        .find(|&i| !in_list(t.lines[i]))
        .unwrap_or(block_end);
    let first_item = (k + 1..list_end).find(|&i| t.lines[i].trim_start().starts_with('-'));
    let (item_indent, item_key) = match first_item {
        Some(i) => {
            let after_dash = t.lines[i].trim_start()[1..].trim_start();
            let key = key_and_rest(after_dash).map_or("image", |(k, _)| k);
            (indent(t.lines[i]), key.to_string())
        }
        None => (bi, capitalized("image", capital)),
    };
    if rest == "[]" {
        t.out[k] = Cow::Owned(format!("{}{key}:{}", " ".repeat(bi), t.nl));
    }
    let at = after_content(&t.lines, k + 1, list_end, k + 1);
    let item = t.item(item_indent, &item_key, image);
    t.insert(at, item);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::template::template_catalog;
    use crate::InputFile;

    const WIDGET: &str = include_str!("../../../../../../tests/e2e/fixtures/widget-semver.yaml");
    const SOURCE: &str = include_str!("../../../../../../tests/e2e/fixtures/widget-bundles.json");
    const V112: &str = "quay.io/acme/widget-operator-bundle@sha256:185ce7297d202aa0242910c3ecbc0b178eb43d379728873613aad9107b5a2312";

    fn render(text: &str) -> crate::Catalog {
        template_catalog(
            &[InputFile::new("t.yaml", text)],
            &[InputFile::new("widget-bundles.json", SOURCE)],
        )
    }

    #[test]
    fn an_image_goes_after_the_last_item_of_its_archetype() {
        let edited = add_bundle(WIDGET, Archetype::Stable, V112).unwrap();
        let want = format!("{WIDGET}  - Image: {V112}\n");
        assert_eq!(edited, want);
        let edited = add_bundle(WIDGET, Archetype::Candidate, V112).unwrap();
        let lines: Vec<&str> = edited.lines().collect();
        let at = lines.iter().position(|l| l.ends_with(V112)).unwrap();
        assert_eq!(lines[at + 1], "Stable:", "the last Candidate item");
        let pkg_of = |t: &str| render(t).package("widget-operator").cloned().unwrap();
        let pkg = pkg_of(&add_bundle(WIDGET, Archetype::Stable, V112).unwrap());
        let stable = pkg.channel("stable-v1.1").unwrap();
        assert_eq!(
            stable.entries.last().unwrap().name,
            "widget-operator.v1.1.2"
        );
    }

    #[test]
    fn a_missing_archetype_or_list_is_created_in_the_text_style() {
        let edited = add_bundle(WIDGET, Archetype::Fast, V112).unwrap();
        assert!(
            edited.ends_with(&format!("Fast:\n  Bundles:\n  - Image: {V112}\n")),
            "{edited}"
        );
        let pkg = render(&edited).package("widget-operator").cloned().unwrap();
        assert!(pkg.channel("fast-v1.1").is_some());
        let lower = "schema: olm.semver\ngenerateMinorChannels: true\nstable:\n  # none yet\n";
        let edited = add_bundle(lower, Archetype::Stable, "q.io/a:b").unwrap();
        assert_eq!(edited, "schema: olm.semver\ngenerateMinorChannels: true\nstable:\n  bundles:\n  - image: q.io/a:b\n  # none yet\n");
        let empty = "schema: olm.semver\nstable:\n  bundles: []\n";
        assert_eq!(
            add_bundle(empty, Archetype::Stable, "q.io/a:b").unwrap(),
            "schema: olm.semver\nstable:\n  bundles:\n  - image: q.io/a:b\n"
        );
        let no_newline = "schema: olm.semver";
        assert_eq!(
            add_bundle(no_newline, Archetype::Candidate, "q.io/a:b").unwrap(),
            "schema: olm.semver\ncandidate:\n  bundles:\n  - image: q.io/a:b\n"
        );
    }

    #[test]
    fn flow_style_json_and_bad_images() {
        let flow = "schema: olm.semver\nstable: {bundles: [{image: a}]}\n";
        assert_eq!(
            add_bundle(flow, Archetype::Stable, "q.io/a:b"),
            Err(EditError::FlowStyle {
                archetype: Archetype::Stable,
                line: 2
            })
        );
        assert!(matches!(
            add_bundle(WIDGET, Archetype::Stable, "a b"),
            Err(EditError::BadImage(_))
        ));
        let json = r#"{"schema": "olm.semver", "generateMinorChannels": true, "stable": {"bundles": [{"image": "q.io/a:1"}]}}"#;
        let edited = add_bundle(json, Archetype::Stable, "q.io/a:2").unwrap();
        let v: Value = serde_json::from_str(&edited).unwrap();
        assert_eq!(v["stable"]["bundles"][1]["image"], "q.io/a:2");
        assert!(matches!(
            add_bundle("{ nope", Archetype::Stable, "q.io/a:2"),
            Err(EditError::Json(_))
        ));
    }

    #[test]
    fn a_template_from_a_rendered_package_renders_it_again() {
        let rendered = render(WIDGET);
        let pkg = rendered.package("widget-operator").unwrap();
        let text = semver_template_from(pkg);
        assert!(
            text.contains("# widget-operator.v1.1.1\n  - Image: quay.io/"),
            "{text}"
        );
        let again = render(&text);
        let pkg2 = again.package("widget-operator").unwrap();
        let names = |p: &Package| {
            p.channels
                .iter()
                .map(|c| c.name.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(names(pkg2), names(pkg));
        assert_eq!(pkg2.default_channel, pkg.default_channel);
        // A channel named after no archetype lists its bundles under Stable; odd names stay comments.
        let mut odd = pkg.clone();
        odd.channels
            .iter_mut()
            .for_each(|c| c.name = format!("alpha-{}", c.name.len()));
        odd.name = "evil\nname: x".into();
        let text = semver_template_from(&odd);
        assert!(
            !text.contains("Candidate:") && text.contains("Stable:"),
            "{text}"
        );
        assert!(text.contains("bundles of evil name: x."), "{text}");
        assert_eq!(yaml_scalar("a b: c"), "\"a b: c\"");
    }
}
