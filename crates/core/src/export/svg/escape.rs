//! XML escaping of catalog text: it is untrusted, so it only ever reaches the document as
//! escaped character data or attribute values, never as markup.

/// Text for element content: `&`, `<`, `>` escaped, characters XML 1.0 forbids replaced.
///
/// # Complexity
/// O(length of `s`).
pub fn xml_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    push_text(&mut out, s);
    out
}

/// Text for a double- or single-quoted attribute value (also escapes quotes and keeps
/// newlines and tabs as character references).
///
/// # Complexity
/// O(length of `s`).
pub fn xml_attr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    push_attr(&mut out, s);
    out
}

/// Appends `s` escaped as element content (see [`xml_text`]).
pub(super) fn push_text(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\r' => out.push_str("&#13;"),
            c => out.push(xml_char(c)),
        }
    }
}

/// Appends `s` escaped as an attribute value (see [`xml_attr`]).
pub(super) fn push_attr(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            c => out.push(xml_char(c)),
        }
    }
}

/// Writes element content, escaping on the way (see [`xml_text`]).
pub(super) struct XmlText<'a>(pub &'a mut String);

impl std::fmt::Write for XmlText<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        push_text(self.0, s);
        Ok(())
    }
}

/// U+FFFD for characters XML 1.0 does not allow.
fn xml_char(c: char) -> char {
    match c {
        '\t' | '\n' | '\r' => c,
        c if (c as u32) < 0x20 => '\u{FFFD}',
        '\u{FFFE}' | '\u{FFFF}' => '\u{FFFD}',
        c => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(xml_text("a<b>&c\"'"), "a&lt;b&gt;&amp;c\"'");
        assert_eq!(
            xml_attr("\" onerror=\"x'\n"),
            "&quot; onerror=&quot;x&apos;&#10;"
        );
        assert_eq!(
            xml_text("a\u{0}\u{1b}\u{FFFF}b"),
            "a\u{FFFD}\u{FFFD}\u{FFFD}b"
        );
    }
}
