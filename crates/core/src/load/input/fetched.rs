//! A catalog fetched over HTTP, checked before it is read: a server that answers with an HTML
//! page (its directory listing, a login or error page) has not given a catalog, and reading the
//! page as YAML would only report `invalid YAML` about markup. The app's URL loading calls
//! [`fetched_catalog_problem`] on every answer and shows its message as it is.

/// Bytes of the answer shown in the message.
const SHOWN_CHARS: usize = 80;
/// Bytes of the answer looked at for an HTML document's start.
const SNIFFED_BYTES: usize = 1024;

/// The message for an answer from `url` that is an HTML page, not a catalog, with its content
/// type and its first bytes; `None` for anything else (the loader then reads it and reports what
/// it finds).
///
/// An answer is an HTML page when its text (after a byte-order mark and white space) starts with
/// `<` and either its content type is `text/html` or `application/xhtml+xml`, or its first
/// kilobyte has `<!doctype html` or `<html` (a page served as `text/plain`). A catalog, JSON or
/// YAML, never starts with `<`, so no catalog is refused.
///
/// # Complexity
/// O(1): at most the first kilobyte of `body` is looked at.
pub fn fetched_catalog_problem(
    url: &str,
    content_type: Option<&str>,
    body: &[u8],
) -> Option<String> {
    let head = &body[..body.len().min(SNIFFED_BYTES)];
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let start = head.iter().position(|b| !b.is_ascii_whitespace())?;
    let head = &head[start..];
    if head.first() != Some(&b'<') {
        return None;
    }
    let media = content_type
        .map(|c| {
            c.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        })
        .filter(|m| !m.is_empty());
    let html_type = media
        .as_deref()
        .is_some_and(|m| m == "text/html" || m == "application/xhtml+xml");
    let lower = head.to_ascii_lowercase();
    let has = |needle: &[u8]| lower.windows(needle.len()).any(|w| w == needle);
    if !(html_type || has(b"<!doctype html") || has(b"<html")) {
        return None;
    }
    let media = media.unwrap_or_else(|| "no content type".into());
    Some(format!(
        "{url}: this URL returned an HTML page, not a catalog (content type {media}; it starts with {:?}); link the catalog file itself (for a file in a repository, its raw contents), not a page about it",
        first_chars(head)
    ))
}

/// The first [`SHOWN_CHARS`] characters of `bytes`, white space runs as one space and other
/// control characters dropped.
fn first_chars(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut out = String::new();
    let mut space = false;
    for c in text.chars() {
        if out.chars().count() >= SHOWN_CHARS {
            out.push('…');
            break;
        }
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if c.is_control() {
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::fetched_catalog_problem as problem;

    const LISTING: &[u8] = b"<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"http://www.w3.org/TR/html4/strict.dtd\">\n<html>\n<head>\n<title>Directory listing for /v4.21/</title>";

    #[test]
    fn a_directory_listing_is_named_with_its_type_and_first_bytes() {
        let m = problem(
            "http://127.0.0.1:8000/v4.21/",
            Some("text/html; charset=utf-8"),
            LISTING,
        )
        .expect("an HTML page");
        assert!(
            m.starts_with("http://127.0.0.1:8000/v4.21/: this URL returned an HTML page, not a catalog (content type text/html;"),
            "{m}"
        );
        assert!(
            m.contains("it starts with \"<!DOCTYPE HTML PUBLIC \\\"-//W3C//DTD HTML 4.01//EN\\\""),
            "{m}"
        );
        assert!(m.contains('…'), "{m}");
    }

    #[test]
    fn a_page_served_as_plain_text_or_without_a_type_is_html_too() {
        let page = b"\xEF\xBB\xBF\n  <html lang=\"en\"><body>Sign in</body></html>";
        let m = problem("https://x.example/c.yaml", Some("text/plain"), page).expect("HTML");
        assert!(m.contains("content type text/plain"), "{m}");
        assert!(
            m.contains("\"<html lang=\\\"en\\\"><body>Sign in</body></html>\""),
            "{m}"
        );
        let m = problem("https://x.example/c.yaml", None, page).expect("HTML");
        assert!(m.contains("no content type"), "{m}");
    }

    #[test]
    fn catalogs_are_never_refused() {
        let yaml = b"---\nschema: olm.package\nname: foo\n";
        let json = b"{\"schema\":\"olm.package\",\"name\":\"<html>\"}";
        for body in [&yaml[..], &json[..], b"", b"   "] {
            for t in [Some("text/html"), Some("text/yaml"), None] {
                assert_eq!(problem("u", t, body), None, "{t:?}");
            }
        }
        // Markup that is not an HTML page, under another type: left to the loader.
        assert_eq!(
            problem("u", Some("application/xml"), b"<?xml version=\"1.0\"?><a/>"),
            None
        );
    }
}
