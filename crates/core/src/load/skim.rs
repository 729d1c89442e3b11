//! A first picture's reading: of a catalog's text, only what one channel's drawing needs, cut
//! out before anything is read, so that the drawing of a linked channel does not wait for every
//! bundle's whole object (docs/performance.md, "First draw").
//!
//! [`skim_channel`] keeps, of each file, the package's `olm.package` object, the channel's
//! `olm.channel` object, the package's `olm.deprecations` and any object of another schema that
//! is not another package's; of each of the package's bundles it keeps `schema`, `name`,
//! `package`, `image` and the properties that say what the drawing shows of a bundle
//! ([`KEPT_PROPERTIES`]: its version, its platform ceiling, the legacy deprecation mark). The
//! CSV metadata, the bundle objects and the related images, nearly all of a rendered catalog's
//! text, are dropped unread. The loader then reads what is kept as it reads any catalog.
//!
//! It reads only the block YAML that `opm render` and the catalog tools write: every object a
//! block mapping whose keys start at column 0. On anything else it gives up (`None`) and the
//! caller reads the whole catalog: a JSON stream, a key that is quoted or not a plain word, a
//! flow collection where it looks for keys, an anchor, alias or tag in what it keeps, a
//! carriage return, a multi-line scalar where it reads `schema`, `name`, `package` or a
//! property's `type`, a repeated key it reads, the package's or channel's name written plain
//! where YAML reads it as a number, a boolean or null.
//! A property whose type it cannot read is kept. That the picture drawn from what it keeps is
//! the picture drawn from the whole catalog is a test over every real catalog
//! (`crates/core/tests/it/skim.rs`).
//!
//! What it drops it does not check: it looks at each line's first bytes only, to be much
//! quicker than reading. So where the dropped text is not YAML (a tab in an indentation, a
//! broken quote in a description), the loader refuses the whole object but the skim keeps the
//! bundle, and the first picture can show a bundle the app then reports as unreadable; the
//! app's own graph, drawn from the whole catalog, replaces the picture.

use crate::load::input::is_indexignore;
use crate::load::{has_catalog_extension, InputFile};
use crate::yaml::cut::{is_blank_or_comment, Pieces, Separator, MARKER_LINE};
use crate::yaml::de::{plain, Plain};

/// The bundle properties kept: what the channel's drawing reads of a bundle besides its name.
pub const KEPT_PROPERTIES: [&str; 3] = ["olm.package", "olm.maxOpenShiftVersion", "olm.deprecated"];

/// The keys of a bundle object kept.
const KEPT_BUNDLE_KEYS: [&str; 5] = ["schema", "name", "package", "image", "properties"];

/// The files to read for a first drawing of package `package`: of its channels only `channel`,
/// or every one when `None` (the package view, the default channel, an upgrade path); each file
/// (a `.indexignore` as it is; with `only_catalog_extensions`, files the loader would skip are
/// left out) with only what that drawing needs, under the same path. `None` when a file is not
/// block YAML this reader follows (see the module's documentation): read the whole catalog.
///
/// # Complexity
/// O(n) in the length of the files: each line is looked at a bounded number of times (once to
/// find the object's keys, once more inside a bundle's `properties`), and what is kept is
/// copied once.
pub fn skim_channel(
    files: &[InputFile],
    package: &str,
    channel: Option<&str>,
    only_catalog_extensions: bool,
    max_bundles: usize,
) -> Option<Vec<InputFile>> {
    let mut bundles = 0;
    let mut out = Vec::with_capacity(files.len());
    for file in files {
        if is_indexignore(&file.path) {
            out.push(file.clone());
            continue;
        }
        if only_catalog_extensions && !has_catalog_extension(&file.path) {
            continue;
        }
        let (text, kept) = skim_counted(&file.text, package, channel, max_bundles - bundles)?;
        bundles += kept;
        out.push(InputFile {
            path: file.path.clone(),
            text,
        });
    }
    Some(out)
}

/// One file's text as [`skim_channel`] keeps it (`None`: it gives up, or it keeps more than
/// `max_bundles` of the package's bundles: a skim that keeps nearly everything would only
/// read the catalog twice).
///
/// # Complexity
/// O(n) in the text's length.
pub fn skim_text(
    text: &str,
    package: &str,
    channel: Option<&str>,
    max_bundles: usize,
) -> Option<String> {
    skim_counted(text, package, channel, max_bundles).map(|(text, _)| text)
}

/// [`skim_text`], and how many of the package's bundles it keeps; it stops at the first bundle
/// past `max_bundles`.
///
/// # Complexity
/// O(n) in the text's length.
fn skim_counted(
    text: &str,
    package: &str,
    channel: Option<&str>,
    max_bundles: usize,
) -> Option<(String, usize)> {
    let first = text.trim_start_matches(|c: char| c.is_whitespace());
    if first.starts_with(['{', '[', '\u{feff}', '%'])
        || memchr::memchr(b'\r', text.as_bytes()).is_some()
    {
        return None;
    }
    let want = Want { package, channel };
    let mut out = String::new();
    let mut bundles = 0;
    for piece in Pieces::new(text, Separator::Marker) {
        if piece.marked && !is_blank_or_comment(text[piece.start..piece.body].get(3..)?) {
            // Content on the marker line (`--- {…}`, `--- !tag`).
            return None;
        }
        bundles += usize::from(skim_document(
            &text[piece.body..piece.end],
            &want,
            &mut out,
        )?);
        if bundles > max_bundles {
            return None;
        }
    }
    Some((out, bundles))
}

/// The package drawn, and its channel (`None`: every one).
struct Want<'w> {
    package: &'w str,
    channel: Option<&'w str>,
}

/// One key of an object at column 0: its name, what follows its colon on its own line, and its
/// whole text (that line and the lines under it).
struct Entry<'t> {
    key: &'t str,
    value: &'t str,
    text: &'t str,
}

impl<'t> Entry<'t> {
    /// The lines under the key's own line.
    fn body(&self) -> &'t str {
        let first = self.text.find('\n').map_or(self.text.len(), |i| i + 1);
        &self.text[first..]
    }

    /// Its value when it is a one-line plain or simply quoted string (nothing under it but
    /// blanks and comments); `None` otherwise.
    fn single(&self) -> Option<&'t str> {
        if !self.body().lines().all(is_blank_or_comment) {
            return None;
        }
        scalar(self.value)
    }
}

/// One document of the stream (its marker line left out), kept whole, cut down (a bundle of the
/// package: then true), or left out, into `out`; `None` when it is not YAML this reader follows.
///
/// # Complexity
/// O(d) in the document's length d.
fn skim_document(doc: &str, want: &Want, out: &mut String) -> Option<bool> {
    let entries = entries(doc)?;
    if entries.is_empty() {
        return Some(false);
    }
    let read = |key: &str| -> Option<Option<&str>> {
        match entries.iter().find(|e| e.key == key) {
            Some(e) => e.single().map(Some),
            None => Some(None),
        }
    };
    let schema = read("schema")?;
    let name = read("name")?;
    let package = read("package")?;
    // A name it would match, written plain where YAML reads it typed (a number, a boolean):
    // the loader does not read it as that name.
    let typed_match = |key: &str, value: Option<&str>, wanted: &str| {
        value == Some(wanted)
            && typed(wanted)
            && entries
                .iter()
                .any(|e| e.key == key && !e.value.starts_with(['"', '\'']))
    };
    let wanted_channel = want.channel.unwrap_or(want.package);
    if typed_match("name", name, want.package)
        || typed_match("package", package, want.package)
        || typed_match("name", name, wanted_channel)
    {
        return None;
    }
    let of_package = package == Some(want.package);
    let keep = match schema {
        Some("olm.package") => name == Some(want.package),
        Some("olm.channel") => of_package && want.channel.is_none_or(|c| name == Some(c)),
        Some("olm.bundle") => {
            if !of_package {
                return Some(false);
            }
            out.push_str(MARKER_LINE);
            for e in entries.iter().filter(|e| KEPT_BUNDLE_KEYS.contains(&e.key)) {
                if e.key == "properties" {
                    kept_properties(e, out)?;
                } else {
                    push_lines(out, e.text);
                }
            }
            return Some(true);
        }
        Some("olm.deprecations") => of_package,
        _ => package.is_none() || of_package,
    };
    if keep {
        out.push_str(MARKER_LINE);
        push_lines(out, doc);
    }
    Some(false)
}

/// The keys of a document at column 0, in order, each with the lines under it; `None` when a
/// line at column 0 is not a plain key (a quoted or complex key, a flow collection, a tag, an
/// anchor, a document end), or a key this reader reads is repeated. Comments and blank lines
/// before the first key are left out. Only each line's first byte is looked at, except a key's.
///
/// # Complexity
/// O(d) in the document's length d.
fn entries(doc: &str) -> Option<Vec<Entry<'_>>> {
    let mut entries: Vec<Entry> = Vec::new();
    for (start, end) in line_spans(doc) {
        let line = &doc[start..end];
        match line.as_bytes()[0] {
            b' ' | b'-' | b'#' | b'\n' => match entries.last_mut() {
                Some(e) => e.text = &doc[start - e.text.len()..end],
                None if is_blank_or_comment(line) => {}
                // A sequence item or an indented line before any key.
                None => return None,
            },
            c if c.is_ascii_alphanumeric() => {
                let content = line.strip_suffix('\n').unwrap_or(line);
                let (key, rest) = content.split_once(':')?;
                let plain_key = key
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-' | b'/'));
                if !plain_key || !(rest.is_empty() || rest.starts_with(' ')) {
                    return None;
                }
                if KEPT_BUNDLE_KEYS.contains(&key) && entries.iter().any(|e| e.key == key) {
                    return None;
                }
                entries.push(Entry {
                    key,
                    value: rest.trim(),
                    text: line,
                });
            }
            _ => return None,
        }
    }
    Some(entries)
}

/// A bundle's `properties` with only the [`KEPT_PROPERTIES`] (and those whose type it cannot
/// read) into `out`; `None` when the list is not a block sequence, or what it keeps holds an
/// anchor, alias, tag or merge key (which could name what it drops). An item runs from a line
/// whose dash is at the first item's column to the next such line; only the lines' first bytes
/// are looked at.
///
/// # Complexity
/// O(p) in the length p of the list.
fn kept_properties(entry: &Entry, out: &mut String) -> Option<()> {
    if !is_blank_or_comment(entry.value) {
        // `properties: []` or a flow list: kept as written.
        push_lines(out, entry.text);
        return Some(());
    }
    out.push_str("properties:\n");
    let body = entry.body();
    let bytes = body.as_bytes();
    let mut indent = None;
    let mut item: Option<usize> = None;
    let keep = |text: &str, indent: usize, out: &mut String| -> Option<()> {
        let kept = item_type(text, indent).is_none_or(|t| KEPT_PROPERTIES.contains(&t));
        if kept {
            let bytes = text.as_bytes();
            if bytes.iter().any(|b| matches!(b, b'&' | b'*' | b'!'))
                || pair_at(bytes, b"<<").is_some()
            {
                return None;
            }
            push_lines(out, text);
        }
        Some(())
    };
    for (start, end) in line_spans(body) {
        let starts_item = match indent {
            Some(i) => is_dash_at(&bytes[start..end], i),
            None if is_blank_or_comment(&body[start..end]) => continue,
            None => {
                let line = &bytes[start..end];
                let i = line.iter().take_while(|b| **b == b' ').count();
                if !is_dash_at(line, i) {
                    return None;
                }
                indent = Some(i);
                true
            }
        };
        if starts_item {
            if let (Some(a), Some(i)) = (item, indent) {
                keep(&body[a..start], i, out)?;
            }
            item = Some(start);
        }
    }
    if let (Some(a), Some(i)) = (item, indent) {
        keep(&body[a..], i, out)?;
    }
    Some(())
}

/// True when `line` is a sequence item whose dash is at column `indent`.
fn is_dash_at(line: &[u8], indent: usize) -> bool {
    line.len() > indent
        && line[..indent].iter().all(|b| *b == b' ')
        && line[indent] == b'-'
        && matches!(line.get(indent + 1), None | Some(b' ' | b'\n'))
}

/// The `type` of one property (a sequence item whose dash is at column `indent`): the one
/// `type` key at the column of the item's mapping (after the dash, or on the next line), a
/// plain or simply quoted string; `None` otherwise (no such key, two, a flow item). Each line
/// of the item is looked at only where a key of its mapping would start.
///
/// # Complexity
/// O(t) in the item's length t.
fn item_type(item: &str, indent: usize) -> Option<&str> {
    let first_end = item.find('\n').map_or(item.len(), |i| i + 1);
    let first = item[..first_end].trim_end_matches('\n').get(indent + 1..)?;
    let head = first.trim_start_matches(' ');
    if head.starts_with(['{', '[', '?', '"', '\'', '&', '*', '!']) {
        return None;
    }
    let mut column = (!head.is_empty()).then(|| indent + 1 + first.len() - head.len());
    let mut found = head.strip_prefix("type:");
    let rest = &item[first_end..];
    for (a, b) in line_spans(rest) {
        let line = &rest[a..b];
        let col = match column {
            Some(c) => c,
            None if is_blank_or_comment(line) => continue,
            None => *column.insert(line.len() - line.trim_start_matches(' ').len()),
        };
        let bytes = line.as_bytes();
        if bytes.get(col..col + 5) == Some(b"type:") && bytes[..col].iter().all(|b| *b == b' ') {
            if found.is_some() {
                return None;
            }
            found = Some(line[col + 5..].trim_end_matches('\n'));
        }
    }
    let value = found?;
    if !(value.is_empty() || value.starts_with(' ')) {
        return None;
    }
    scalar(value)
}

/// The lines of `text` as byte spans, each with its line end.
///
/// # Complexity
/// O(n) in the text's length for the whole iteration.
fn line_spans(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let bytes = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        if at >= bytes.len() {
            return None;
        }
        let start = at;
        at = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |i| at + i + 1);
        Some((start, at))
    })
}

/// A one-line scalar as written: plain (a trailing comment left out), single-quoted without
/// `''`, or double-quoted without escapes. `None` for anything else.
///
/// # Complexity
/// O(s) in the scalar's length s.
fn scalar(value: &str) -> Option<&str> {
    let v = value.trim();
    let quoted = |q: char| -> Option<&str> {
        let inner = v.strip_prefix(q)?;
        let end = inner.find(q)?;
        let (text, rest) = (&inner[..end], &inner[end + 1..]);
        let escaped = if q == '"' {
            text.contains('\\')
        } else {
            rest.starts_with('\'')
        };
        (is_blank_or_comment(rest) && !escaped).then_some(text)
    };
    match v.as_bytes().first()? {
        b'\'' => quoted('\''),
        b'"' => quoted('"'),
        c if c.is_ascii_alphanumeric() => {
            let text = pair_at(v.as_bytes(), b" #").map_or(v, |i| v[..i].trim_end());
            (pair_at(text.as_bytes(), b": ").is_none() && !text.ends_with(':')).then_some(text)
        }
        _ => None,
    }
}

/// Where the two bytes `pair` first occur in `bytes` (a loop the size of its use: the standard
/// library's substring search would add its own code to the worker's wasm for three short
/// searches).
///
/// # Complexity
/// O(n) in the length of `bytes`.
fn pair_at(bytes: &[u8], pair: &[u8; 2]) -> Option<usize> {
    bytes.windows(2).position(|w| w == pair)
}

/// True for a name the loader reads as something else than a string when it is written plain
/// (null, a boolean, a number: the loader's own typing, `yaml::de::plain`). The skim compares
/// names as written, so it gives up on such a name written plain where it would match.
///
/// # Complexity
/// O(s) in the name's length s.
fn typed(name: &str) -> bool {
    plain(name) != Plain::Str
}

/// `text` into `out`, ending with a line end.
fn push_lines(out: &mut String, text: &str) {
    out.push_str(text);
    if !text.ends_with('\n') {
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skim(text: &str) -> Option<String> {
        skim_text(text, "foo", Some("beta"), usize::MAX)
    }

    const CATALOG: &str = "\
---
schema: olm.package
name: foo
defaultChannel: beta
---
schema: olm.package
name: other
---
schema: olm.channel
package: foo
name: beta
entries:
- name: foo.v0.1.0
- name: foo.v0.2.0
  replaces: foo.v0.1.0
---
schema: olm.channel
package: foo
name: alpha
entries:
- name: foo.v0.1.0
---
# a comment before the object
schema: olm.bundle
name: foo.v0.1.0
package: foo
image: quay.io/foo/bundle:v0.1.0
properties:
- type: olm.gvk
  value:
    group: foo.io
    kind: Foo
    version: v1
- type: olm.package
  value:
    packageName: foo
    version: 0.1.0
- type: olm.csv.metadata
  value:
    description: |
      Long text
        with: a colon, a * and an & that are only text

    displayName: Foo
- value:
    version: 4.14
  type: olm.maxOpenShiftVersion
relatedImages:
- image: quay.io/foo/operator:v0.1.0
  name: operator
---
schema: olm.bundle
name: bar.v1.0.0
package: bar
properties:
- type: olm.package
  value:
    packageName: bar
    version: 1.0.0
---
schema: olm.deprecations
package: foo
entries:
- reference:
    schema: olm.bundle
    name: foo.v0.1.0
  message: gone
";

    #[test]
    fn keeps_the_package_the_channel_and_what_a_bundle_is_drawn_with() {
        let expected = "\
---
schema: olm.package
name: foo
defaultChannel: beta
---
schema: olm.channel
package: foo
name: beta
entries:
- name: foo.v0.1.0
- name: foo.v0.2.0
  replaces: foo.v0.1.0
---
schema: olm.bundle
name: foo.v0.1.0
package: foo
image: quay.io/foo/bundle:v0.1.0
properties:
- type: olm.package
  value:
    packageName: foo
    version: 0.1.0
- value:
    version: 4.14
  type: olm.maxOpenShiftVersion
---
schema: olm.deprecations
package: foo
entries:
- reference:
    schema: olm.bundle
    name: foo.v0.1.0
  message: gone
";
        assert_eq!(skim(CATALOG).as_deref(), Some(expected));
    }

    #[test]
    fn properties_indented_under_their_key_and_quoted_values() {
        let text = "\
schema: 'olm.bundle'
name: \"foo.v1\"
package: foo # the package
properties:
  - type: \"olm.package\"
    value: {packageName: foo, version: 1.0.0}
  -
    type: olm.bundle.object
    value:
      data: eyJhIjoxfQ==
  - {type: olm.gvk, value: {group: a, kind: B, version: v1}}
";
        let kept = skim(text).unwrap();
        assert!(kept.contains(
            "  - type: \"olm.package\"\n    value: {packageName: foo, version: 1.0.0}\n"
        ));
        assert!(!kept.contains("olm.bundle.object"), "{kept}");
        // A flow item's type is not read: kept.
        assert!(kept.contains("- {type: olm.gvk"), "{kept}");
    }

    #[test]
    fn gives_up_on_what_it_does_not_follow() {
        let cases = [
            ("a JSON stream", "{\"schema\": \"olm.package\", \"name\": \"foo\"}\n"),
            ("a carriage return", "schema: olm.package\r\nname: foo\r\n"),
            ("a quoted key", "\"schema\": olm.package\nname: foo\n"),
            ("a flow mapping", "{schema: olm.package, name: foo}\n"),
            ("content on the marker line", "--- {schema: olm.package}\n"),
            ("a multi-line name", "schema: olm.package\nname: foo\n  bar\n"),

            ("an anchor in a name", "schema: olm.package\nname: &n foo\n"),
            ("a repeated package", "schema: olm.bundle\nname: foo.v1\npackage: foo\npackage: bar\n"),
            ("a sequence before any key", "- schema: olm.package\n"),
            (
                "an alias in a kept property",
                "schema: olm.bundle\nname: foo.v1\npackage: foo\nproperties:\n- type: olm.package\n  value: *v\n",
            ),
            ("a tab before a key", "\tschema: olm.package\nname: foo\n"),
            (
                "a list of properties that is not a block sequence",
                "schema: olm.bundle\nname: foo.v1\npackage: foo\nproperties:\n  type: olm.package\n",
            ),
            ("a directive", "%YAML 1.2\n---\nschema: olm.package\nname: foo\n"),
        ];
        for (what, text) in cases {
            assert_eq!(skim(text), None, "{what}");
        }
        // The package's or channel's name written plain where YAML reads it typed; quoted, it
        // is the name.
        for (package, channel, text) in [
            ("1.0", "beta", "schema: olm.package\nname: 1.0\n"),
            (
                "0x1F",
                "beta",
                "schema: olm.bundle\nname: a\npackage: 0x1F\n",
            ),
            (
                "foo",
                "1e5",
                "schema: olm.channel\npackage: foo\nname: 1e5\n",
            ),
            ("True", "beta", "schema: olm.package\nname: True\n"),
        ] {
            assert_eq!(
                skim_text(text, package, Some(channel), usize::MAX),
                None,
                "{text}"
            );
            let quoted = text
                .replace(": 1.0", ": '1.0'")
                .replace(": 0x1F", ": \"0x1F\"");
            let quoted = quoted
                .replace(": 1e5", ": '1e5'")
                .replace(": True", ": 'True'");
            assert!(
                skim_text(&quoted, package, Some(channel), usize::MAX).is_some(),
                "{quoted}"
            );
        }
    }

    #[test]
    fn version_like_names_are_names() {
        for name in [
            "2.6.x",
            "3scale-operator",
            "1.0-beta",
            "v1.0",
            "4.x",
            "10.2.3",
        ] {
            assert!(!typed(name), "{name}");
        }
        // The loader's YAML 1.2 typing: underscores and leading zeros leave text, `yes` is text.
        assert!(typed("0o17") && typed("2.5E-3") && typed("0x1F") && typed("True") && typed("~"));
        assert!(
            !typed("0x") && !typed("1.2.3") && !typed("e5") && !typed("1_000") && !typed("yes")
        );
    }

    #[test]
    fn a_property_whose_type_it_cannot_read_is_kept() {
        let text = "\
schema: olm.bundle
name: foo.v1
package: foo
properties:
- type: olm.gvk
  type: olm.package
- value: {}
- type: olm.bundle.object
  value:
    data: e30=
";
        let kept = skim(text).unwrap();
        assert!(!kept.contains("olm.bundle.object"), "{kept}");
        assert!(
            kept.contains("- type: olm.gvk\n  type: olm.package\n"),
            "{kept}"
        );
        assert!(kept.contains("- value: {}\n"), "{kept}");
    }

    #[test]
    fn every_channel_of_the_package_without_one_named() {
        let kept = skim_text(CATALOG, "foo", None, usize::MAX).unwrap();
        assert!(
            kept.contains("name: beta\n") && kept.contains("name: alpha\n"),
            "{kept}"
        );
        assert!(!kept.contains("name: other\n"), "{kept}");
    }

    #[test]
    fn gives_up_when_it_would_keep_more_bundles_than_asked() {
        // The package has one bundle in CATALOG (bar's is another package's).
        assert!(skim_text(CATALOG, "foo", None, 1).is_some());
        assert_eq!(skim_text(CATALOG, "foo", None, 0), None);
        let files = vec![
            InputFile::new("a.yaml", CATALOG),
            InputFile::new("b.yaml", CATALOG.replace("foo.v0.1.0", "foo.v0.2.0")),
        ];
        assert!(skim_channel(&files, "foo", None, false, 2).is_some());
        assert_eq!(skim_channel(&files, "foo", None, false, 1), None);
    }

    #[test]
    fn other_packages_are_left_out_and_unknown_schemas_kept() {
        let text = "\
schema: olm.bundle
name: bar.v1
package: bar
---
schema: example.com/notes
package: foo
note: kept
---
schema: example.com/notes
package: bar
note: not kept
";
        let kept = skim(text).unwrap();
        assert_eq!(
            kept,
            "---\nschema: example.com/notes\npackage: foo\nnote: kept\n"
        );
    }

    #[test]
    fn files_keep_their_paths_and_index_ignores_pass_through() {
        let files = vec![
            InputFile::new(".indexignore", "*.md\n"),
            InputFile::new("catalog/foo.yaml", CATALOG),
            InputFile::new("README.md", "# not a catalog"),
        ];
        let kept = skim_channel(&files, "foo", Some("beta"), true, usize::MAX).unwrap();
        let paths: Vec<&str> = kept.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths, [".indexignore", "catalog/foo.yaml"]);
        assert_eq!(kept[0].text, "*.md\n");
        // Without directory semantics every file is read, and a Markdown heading is a comment.
        assert_eq!(
            skim_channel(&files, "foo", Some("beta"), false, usize::MAX)
                .unwrap()
                .len(),
            3
        );
    }
}
