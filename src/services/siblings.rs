//! The rest of a split catalog fetched from a URL: the files beside it, when the server lists
//! the folder (an HTML index page, as `python3 -m http.server`, nginx `autoindex` or Apache
//! write). The listing is only scanned for `href` values; it is never inserted into the page.

use crate::services::sources::{self, Source};

/// The folder a URL's file is in (the URL up to its last `/`), or `None` when the URL has no
/// path to go up from.
pub fn parent_folder(url: &str) -> Option<String> {
    let cut = url.split(['?', '#']).next().unwrap_or(url);
    let start = cut.find("://").map(|i| i + 3).unwrap_or(0);
    let slash = cut[start..].rfind('/')? + start;
    Some(cut[..=slash].to_string())
}

/// The catalog files (`.json`, `.yaml`, `.yml`) a folder listing links to directly: relative
/// links without `/`, `?` or `#`, each once, in the order listed.
///
/// # Complexity
/// O(L) for a listing of L bytes, plus O(F log F) for F links.
pub fn listed_catalog_files(html: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    let lower = html.to_ascii_lowercase();
    let mut at = 0;
    while let Some(i) = lower[at..].find("href=") {
        let value_start = at + i + 5;
        at = value_start;
        let Some(quote) = html[value_start..].chars().next() else {
            break;
        };
        if quote != '"' && quote != '\'' {
            continue;
        }
        let body = value_start + 1;
        let Some(len) = html[body..].find(quote) else {
            break;
        };
        let link = &html[body..body + len];
        at = body + len;
        if is_sibling_catalog(link) && seen.insert(link.to_string()) {
            found.push(link.to_string());
        }
    }
    found
}

fn is_sibling_catalog(link: &str) -> bool {
    let l = link.to_ascii_lowercase();
    !link.contains(['/', '?', '#', ':'])
        && !link.starts_with('.')
        && [".json", ".yaml", ".yml"].iter().any(|e| l.ends_with(e))
}

/// A `%XX`-encoded file name as the folder shows it.
fn decoded(name: &str) -> String {
    let bytes = name.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Every catalog file in the folder of `url`, fetched by the browser: the folder's listing is
/// read first; a server that does not list its folders gives an error that says so.
pub async fn from_url_folder(url: &str) -> Result<Source, String> {
    let folder = parent_folder(url).ok_or_else(|| format!("{url} is not in a folder"))?;
    let listing = fetch_listing(&folder).await?;
    let names = listed_catalog_files(&listing);
    if names.is_empty() {
        return Err(format!(
            "{folder} lists no catalog file (.json, .yaml, .yml): the server may not list its folders; open the folder from your disk instead"
        ));
    }
    let mut files = Vec::with_capacity(names.len());
    for name in &names {
        let one = sources::from_url(&format!("{folder}{name}")).await?;
        for mut f in one.files {
            f.path = decoded(name);
            files.push(f);
        }
    }
    Ok(Source {
        label: format!("{} files from {folder}", files.len()),
        files,
        only_catalog_extensions: true,
        url: None,
        folder: None,
    })
}

async fn fetch_listing(folder: &str) -> Result<String, String> {
    let unlisted = |why: String| {
        format!("the server does not list the folder {folder} ({why}): open the folder from your disk instead")
    };
    let resp = gloo_net::http::Request::get(folder)
        .send()
        .await
        .map_err(|e| sources::fetch_failure(folder, &e.to_string()))?;
    if !resp.ok() {
        return Err(unlisted(format!("HTTP {}", resp.status())));
    }
    let html_page = resp
        .headers()
        .get("content-type")
        .is_some_and(|t| t.to_ascii_lowercase().contains("html"));
    if !html_page {
        return Err(unlisted("its answer is not an HTML index".into()));
    }
    resp.text()
        .await
        .map_err(|e| format!("could not read {folder}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn parent_folders() {
        assert_eq!(
            parent_folder("http://h:8/a/b/index.yaml?x=/y").as_deref(),
            Some("http://h:8/a/b/")
        );
        assert_eq!(
            parent_folder("https://h/index.yaml").as_deref(),
            Some("https://h/")
        );
        assert_eq!(parent_folder("https://h").as_deref(), None);
    }

    #[test]
    fn python_listing_gives_the_sibling_catalog_files() {
        let html = r#"<ul>
<li><a href="bundle-v1.0.10.yaml">bundle-v1.0.10.yaml</a></li>
<li><a href='index.yaml'>index.yaml</a></li>
<li><a href="sub/">sub/</a></li>
<li><a href="README.md">README.md</a></li>
<li><a href="../x.yaml">up</a></li>
<li><a href="https://elsewhere/x.json">x</a></li>
<li><a HREF="my%20file.JSON">my file.JSON</a></li>
<li><a href="index.yaml">again</a></li>
</ul>"#;
        let files = listed_catalog_files(html);
        assert_eq!(
            files,
            ["bundle-v1.0.10.yaml", "index.yaml", "my%20file.JSON"]
        );
        assert_eq!(decoded(&files[2]), "my file.JSON");
        assert!(listed_catalog_files("<a href=").is_empty());
        assert!(listed_catalog_files("<a href=\"unclosed.yaml").is_empty());
    }
}
