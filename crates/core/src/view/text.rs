//! The words of a drawing, shared by the web app and every export: node labels (the version, or
//! the name on demand, fitted to the box by an estimate of the text's width), the fan markers
//! (what a skipRange covers), shortening in the middle, the deprecation wording, and the CSS
//! class of each edge kind.

use crate::graph::EdgeKind;
use crate::layout::LabelMode;
use crate::model::Package;

/// The one wording of the legacy `olm.deprecated` bundle property.
pub const LEGACY_DEPRECATION: &str =
    "legacy olm.deprecated property: prohibited by OLM v0, which never installs it";

/// Font size of a node's first line (its version or name), in layout units: the drawing's
/// text size, which fitting a drawing to a window scales.
pub const LABEL_FONT_SIZE: f64 = 12.5;
/// Font size of a node's second line (its fans), in layout units.
pub const MARKER_FONT_SIZE: f64 = 10.0;
/// Room the HEAD badge takes (a tab above a node's top edge, in the app).
pub const HEAD_BADGE_WIDTH: f64 = 34.0;
/// Room the deprecation badge takes (beside the HEAD badge).
pub const DEPRECATED_BADGE_WIDTH: f64 = 17.0;
/// Space left and right of a node's text.
pub const LABEL_PADDING: f64 = 8.0;
/// Longest pre-release stamp a version label shows whole.
const PRERELEASE_CHARS: usize = 12;
/// Longest build stamp a version label shows whole.
const BUILD_CHARS: usize = 8;
/// Longest name a label shows whole (names mode).
const NAME_CHARS: usize = 48;

impl EdgeKind {
    /// The CSS class of edges, bands and markers of this kind, in the app and in every export:
    /// `replaces`, `skips`, `skipRange`.
    ///
    /// # Complexity
    /// O(1).
    pub fn css_class(self) -> &'static str {
        self.as_str()
    }
}

/// Whether a bundle carries the legacy `olm.deprecated` property (prohibited by OLM v0).
///
/// # Complexity
/// O(log B) for B bundles of the package.
pub fn is_legacy_deprecated(package: &Package, bundle: &str) -> bool {
    package.bundle(bundle).is_some_and(|b| b.legacy_deprecated)
}

/// Why a bundle is deprecated, in the one wording every view uses: its `olm.deprecations`
/// message (trimmed), then [`LEGACY_DEPRECATION`] on its own line when it carries the legacy
/// property. `None` when neither applies.
///
/// # Complexity
/// O(log B + log D) for B bundles and D bundle deprecations of the package.
pub fn deprecation_text(package: &Package, bundle: &str) -> Option<String> {
    let message = package.deprecations.bundles.get(bundle).map(String::as_str);
    deprecation_words(message, is_legacy_deprecated(package, bundle))
}

/// [`deprecation_text`] of a bundle with this `olm.deprecations` message and legacy flag.
pub(crate) fn deprecation_words(message: Option<&str>, legacy: bool) -> Option<String> {
    match (message.map(str::trim), legacy) {
        (Some(m), true) => Some(format!("{m}\n{LEGACY_DEPRECATION}")),
        (Some(m), false) => Some(m.to_string()),
        (None, true) => Some(LEGACY_DEPRECATION.to_string()),
        (None, false) => None,
    }
}

/// Shortens `text` to at most `max` characters with an ellipsis in the middle (texts of fewer
/// than five characters, or a `max` under five, are kept whole).
///
/// # Complexity
/// O(length of `text`).
pub fn ellipsize_middle(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max || max < 5 {
        return text.to_string();
    }
    let keep = max - 1;
    let head = keep / 2;
    let tail = keep - head;
    let mut s: String = text.chars().take(head).collect();
    s.push('…');
    s.extend(text.chars().skip(count - tail));
    s
}

/// Shortens `text` to at most `max` characters with an ellipsis at the end.
pub(crate) fn ellipsize_end(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut t: String = text.chars().take(max.saturating_sub(1)).collect();
        t.push('…');
        t
    }
}

/// A version as a label: `v` and the version, its pre-release stamp shortened in the middle
/// past 12 characters and its build stamp past 8 (`4.12.0-202301042354` stays whole,
/// `1.31.0-nightly-2026-08-10` becomes `v1.31.0-night…-08-10`).
///
/// # Complexity
/// O(length of the version).
pub fn version_label(version: &str) -> String {
    let v = version.trim_start_matches('v');
    let (rest, build) = match v.split_once('+') {
        Some((r, b)) => (r, Some(b)),
        None => (v, None),
    };
    let (core, pre) = match rest.split_once('-') {
        Some((c, p)) => (c, Some(p)),
        None => (rest, None),
    };
    let mut s = format!("v{core}");
    if let Some(p) = pre {
        s.push('-');
        s.push_str(&ellipsize_middle(p, PRERELEASE_CHARS));
    }
    if let Some(b) = build {
        s.push('+');
        s.push_str(&ellipsize_middle(b, BUILD_CHARS));
    }
    s
}

/// What a node's first line says, whole (before it is fitted to a box): in [`LabelMode::Versions`]
/// its [`version_label`], or for a node without a version its name without the package's
/// prefix; in [`LabelMode::Names`] its name (shortened in the middle past 48 characters).
///
/// # Complexity
/// O(length of the name).
pub fn label_text(name: &str, version: Option<&str>, package: &str, mode: LabelMode) -> String {
    match (mode, version) {
        (LabelMode::Versions, Some(v)) => version_label(v),
        (LabelMode::Versions, None) => {
            let short = name
                .strip_prefix(package)
                .and_then(|r| r.strip_prefix('.'))
                .filter(|r| !r.is_empty())
                .unwrap_or(name);
            ellipsize_middle(short, PRERELEASE_CHARS + 8)
        }
        (LabelMode::Names, _) => ellipsize_middle(name, NAME_CHARS),
    }
}

/// The advance of `text` at `font_size`, estimated per character for a bold sans-serif (wide
/// fonts such as DejaVu Sans: digits 0.7 em), so that a box sized by it holds the text.
///
/// # Complexity
/// O(length of `text`).
pub fn text_width(text: &str, font_size: f64) -> f64 {
    let em: f64 = text
        .chars()
        .map(|c| match c {
            '0'..='9' => 0.70,
            '.' | ',' | ':' | ';' | '\'' | '|' | '!' => 0.38,
            'i' | 'j' | 'l' => 0.34,
            'f' | 't' | 'r' | 'I' => 0.47,
            'm' | 'w' | 'M' | 'W' | '…' => 1.0,
            '-' | '(' | ')' | '[' | ']' | '/' => 0.46,
            ' ' | '·' => 0.35,
            'a'..='z' => 0.68,
            'A'..='Z' => 0.78,
            _ => 0.86,
        })
        .sum();
    em * font_size
}

/// `text` shortened in the middle until it fits `width` at `font_size` (kept whole when it
/// fits; at least 5 characters).
///
/// # Complexity
/// O(L²) for a text of L characters (labels are short).
pub fn fit_text(text: &str, width: f64, font_size: f64) -> String {
    if text_width(text, font_size) <= width {
        return text.to_string();
    }
    let mut max = text.chars().count();
    while max > 5 {
        max -= 1;
        let s = ellipsize_middle(text, max);
        if text_width(&s, font_size) <= width {
            return s;
        }
    }
    ellipsize_middle(text, 5)
}

/// A node's label as drawn: each line fitted to the box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeLabel {
    /// The first line: the version (or the name, see [`label_text`]).
    pub primary: String,
    /// The second line, when the node has fans: what they cover ([`fan_marker`]).
    pub caption: Option<String>,
}

impl NodeLabel {
    /// The label of `text` (and a second line `marker`) in a box `width` wide.
    ///
    /// # Complexity
    /// O(L²) for L characters.
    pub fn new(text: &str, marker: Option<&str>, width: f64) -> NodeLabel {
        let room = (width - 2.0 * LABEL_PADDING).max(0.0);
        NodeLabel {
            primary: fit_text(text, room, LABEL_FONT_SIZE),
            caption: marker.map(|m| fit_text(m, room, MARKER_FONT_SIZE)),
        }
    }

    /// The narrowest box that shows `text` and `marker` whole.
    ///
    /// # Complexity
    /// O(length of the texts).
    pub fn width_needed(text: &str, marker: Option<&str>) -> f64 {
        let first = text_width(text, LABEL_FONT_SIZE);
        let second = marker.map_or(0.0, |m| text_width(m, MARKER_FONT_SIZE));
        (first.max(second) + 2.0 * LABEL_PADDING).ceil()
    }
}

/// The baselines, from a node's top, of its first line and of its second line (its fans) in a
/// box `height` high, for first and second lines of `font` and `marker` sizes (a node with one
/// line centres it: [`label_baseline`]).
///
/// # Complexity
/// O(1).
pub fn label_baselines(height: f64, font: f64, marker: f64) -> (f64, f64) {
    (0.36 * height + 0.36 * font, 0.76 * height + 0.36 * marker)
}

/// The baseline of a node's only line: centred in a box `height` high.
///
/// # Complexity
/// O(1).
pub fn label_baseline(height: f64, font: f64) -> f64 {
    height / 2.0 + 0.36 * font
}

/// A skipRange as a marker says it: `>=` and `<=` as `≥` and `≤`, no space after an operator,
/// and the upper bound left out when it is the entry's own version (`>=4.9.0 <4.12.1` on
/// `4.12.1` reads `≥4.9.0`).
///
/// # Complexity
/// O(length of the range).
pub fn short_range(range: &str, own_version: Option<&str>) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut pending_op: Option<String> = None;
    for w in range.split_whitespace() {
        if matches!(w, ">=" | "<=" | ">" | "<" | "=" | "!=") {
            pending_op = Some(w.to_string());
            continue;
        }
        let word = match pending_op.take() {
            Some(op) => format!("{op}{w}"),
            None => w.to_string(),
        };
        words.push(word);
    }
    let own = own_version.map(|v| v.trim_start_matches('v'));
    let kept: Vec<&String> = words
        .iter()
        .filter(|w| own.is_none_or(|v| w.as_str() != format!("<{v}")))
        .collect();
    // A range that is only the entry's own upper bound (`<1.1.1` on 1.1.1) keeps it.
    let kept = if kept.is_empty() {
        words.iter().collect()
    } else {
        kept
    };
    kept.iter()
        .map(|w| w.replace(">=", "≥").replace("<=", "≤"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The second line of a node with fans: each skipRange fan's [`short_range`] and how many
/// bundles it covers (`≥4.9.0 · 43`), then a skips fan's count (`skips 80`), joined by `, `.
///
/// # Complexity
/// O(F + length of the ranges) for F fans.
pub fn fan_marker(fans: &[(EdgeKind, Option<&str>, usize)], own_version: Option<&str>) -> String {
    fans.iter()
        .map(|&(kind, range, n)| match kind {
            EdgeKind::Skips => format!("skips {n}"),
            _ => format!("{} · {n}", short_range(range.unwrap_or(""), own_version)),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_of_only_the_own_upper_bound_keeps_it() {
        assert_eq!(short_range("<1.1.1", Some("1.1.1")), "<1.1.1");
        assert_eq!(short_range(">=1.0.0 <1.1.1", Some("1.1.1")), "≥1.0.0");
        assert_eq!(
            fan_marker(&[(EdgeKind::SkipRange, Some("<1.1.1"), 1)], Some("1.1.1")),
            "<1.1.1 · 1"
        );
    }

    #[test]
    fn ellipsizing_keeps_both_ends() {
        assert_eq!(ellipsize_middle("abcdefghij", 7), "abc…hij");
        assert_eq!(ellipsize_middle("abcdefghij", 10), "abcdefghij");
        assert_eq!(ellipsize_middle("abcdefghij", 4), "abcdefghij");
        assert_eq!(ellipsize_middle("ääääääääää", 5), "ää…ää");
        assert_eq!(ellipsize_end("abcdef", 4), "abc…");
        assert_eq!(ellipsize_end("abc", 4), "abc");
    }

    #[test]
    fn labels_say_the_version_and_shorten_long_stamps() {
        assert_eq!(version_label("3.10.1"), "v3.10.1");
        assert_eq!(version_label("4.12.0-202301042354"), "v4.12.0-202301042354");
        assert_eq!(
            version_label("1.31.0-nightly-2026-08-10"),
            "v1.31.0-night…-08-10"
        );
        assert_eq!(version_label("1.2.4355-e5f809f"), "v1.2.4355-e5f809f");
        assert_eq!(version_label("1.0.0+build.20240101.abc"), "v1.0.0+bui….abc");
        let text = |n, v, m| label_text(n, v, "project-quay", m);
        assert_eq!(
            text("quay-operator.v3.6.2", Some("3.6.2"), LabelMode::Versions),
            "v3.6.2"
        );
        assert_eq!(
            text("quay-operator.v3.6.2", Some("3.6.2"), LabelMode::Names),
            "quay-operator.v3.6.2"
        );
        assert_eq!(
            text("project-quay.v0.9.0", None, LabelMode::Versions),
            "v0.9.0"
        );
        assert_eq!(text("gone", None, LabelMode::Versions), "gone");
    }

    #[test]
    fn labels_fit_their_box() {
        let full = NodeLabel::new("v1.2.4355-e5f809f", Some("≥1.0.0 · 12"), 1000.0);
        assert_eq!(full.primary, "v1.2.4355-e5f809f");
        assert_eq!(full.caption.as_deref(), Some("≥1.0.0 · 12"));
        let need = NodeLabel::width_needed("v1.2.4355-e5f809f", Some("≥1.0.0 · 12"));
        assert_eq!(
            NodeLabel::new("v1.2.4355-e5f809f", Some("≥1.0.0 · 12"), need),
            full
        );
        let narrow = NodeLabel::new("v1.2.4355-e5f809f", None, need / 2.0);
        assert!(narrow.primary.contains('…'), "{narrow:?}");
        assert!(text_width(&narrow.primary, LABEL_FONT_SIZE) <= need / 2.0);
        // Nonsense widths never panic and keep a few characters.
        for w in [f64::NAN, -5.0, 0.0, f64::INFINITY] {
            let l = NodeLabel::new("hive-operator.v1.2.4355-e5f809f", None, w);
            assert!(l.primary.chars().count() >= 5, "{w}: {l:?}");
        }
    }

    #[test]
    fn markers_say_what_a_fan_covers() {
        assert_eq!(short_range(">=4.9.0 <4.12.1", Some("4.12.1")), "≥4.9.0");
        assert_eq!(
            short_range(">= 1.18.0 < 1.28.0", Some("1.27.0")),
            "≥1.18.0 <1.28.0"
        );
        assert_eq!(
            short_range(">=0.8.0 <0.8.1-rc.1", None),
            "≥0.8.0 <0.8.1-rc.1"
        );
        assert_eq!(
            fan_marker(
                &[
                    (EdgeKind::SkipRange, Some(">=4.9.0 <4.12.1"), 43),
                    (EdgeKind::Skips, None, 60)
                ],
                Some("4.12.1")
            ),
            "≥4.9.0 · 43, skips 60"
        );
    }

    #[test]
    fn one_class_per_edge_kind() {
        assert_eq!(EdgeKind::Replaces.css_class(), "replaces");
        assert_eq!(EdgeKind::Skips.css_class(), "skips");
        assert_eq!(EdgeKind::SkipRange.css_class(), "skipRange");
    }
}
