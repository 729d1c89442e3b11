//! Bundle sources: rendered catalogs loaded next to a template, whose `olm.bundle` objects stand
//! in for the bundle images opm would pull from a registry.
//!
//! A template's image reference finds its bundle by the same string first, else by the same
//! `@sha256:` digest, else by the same repository and tag (docs/spec/template-rules.md §6 step 1).

use std::collections::HashMap;

use serde_json::value::RawValue;
use serde_json::Value;

use crate::diag::{Diagnostic, Location, Rule, Severity};
use crate::load::{InputFile, LimitKind, Limits};
use crate::model::ImageMatch;
use crate::template::error::{total_bytes_error, LimitError};
use crate::template::read::fbc::{self, BundleObj};
use crate::yaml::cut::chunks;
use crate::yaml::positioned::parse_chunk;

/// The bundles of the rendered catalogs given as bundle sources, indexed by image.
#[derive(Debug, Clone, Default)]
pub struct BundleSource {
    bundles: Vec<BundleObj>,
    exact: HashMap<String, Vec<usize>>,
    digest: HashMap<String, Vec<usize>>,
    tag: HashMap<String, Vec<usize>>,
    /// Documents of the sources that could not be read (warnings: the rest still serves).
    pub diagnostics: Vec<Diagnostic>,
}

/// The `sha256:…` digest of a reference, when it has one.
///
/// # Complexity
/// O(length of the reference).
pub(crate) fn digest(image: &str) -> Option<&str> {
    image
        .split_once('@')
        .map(|(_, d)| d)
        .filter(|d| !d.is_empty())
}

/// `repository:tag` of a reference without its digest, when it has a tag.
///
/// # Complexity
/// O(length of the reference).
pub(crate) fn repo_tag(image: &str) -> Option<(&str, &str)> {
    let name = image.split_once('@').map_or(image, |(n, _)| n);
    let slash = name.rfind('/').map_or(0, |i| i + 1);
    let colon = name[slash..].rfind(':')? + slash;
    let tag = &name[colon + 1..];
    (!tag.is_empty()).then_some((&name[..colon], tag))
}

/// A property of a JSON bundle source with its value's text as written.
#[derive(serde::Deserialize)]
struct RawProperty {
    #[serde(rename = "type", default)]
    type_: String,
    #[serde(default)]
    value: Option<Box<RawValue>>,
}

#[derive(serde::Deserialize)]
struct RawBundle {
    #[serde(default)]
    properties: Vec<RawProperty>,
}

/// The properties of a JSON object, values as written (`None` when the object is not a bundle
/// as opm writes one).
fn raw_properties(body: &str) -> Option<Vec<RawProperty>> {
    serde_json::from_str::<RawBundle>(body)
        .ok()
        .map(|b| b.properties)
}

impl BundleSource {
    /// No bundle source: every image is a stub or inferred from names and tags.
    ///
    /// # Complexity
    /// O(1).
    pub fn empty() -> Self {
        BundleSource::default()
    }

    /// Reads the `olm.bundle` objects of rendered catalog files (JSON streams or YAML), within
    /// [`Limits::process_default`].
    ///
    /// # Complexity
    /// O(total size of the files).
    pub fn from_files(files: &[InputFile]) -> Self {
        Self::from_files_within(files, &Limits::process_default(), 0)
    }

    /// Reads bundle sources within `limits`, `used` bytes of the total already taken (by the
    /// templates): a file past the total, or a document past a limit, is a warning and is not
    /// read.
    ///
    /// # Complexity
    /// O(total size of the files).
    pub fn from_files_within(files: &[InputFile], limits: &Limits, used: usize) -> Self {
        let mut src = BundleSource::default();
        let mut used = used;
        for f in files {
            used = used.saturating_add(f.text.len());
            if used > limits.max_total_bytes {
                let mut d = total_bytes_error(&f.path, limits).to_diagnostic();
                d.severity = Severity::Warning;
                src.diagnostics.push(d);
                continue;
            }
            src.read_file(f, limits);
        }
        src
    }

    /// Number of bundles known.
    ///
    /// # Complexity
    /// O(1).
    pub fn len(&self) -> usize {
        self.bundles.len()
    }

    /// True when no bundle is known.
    ///
    /// # Complexity
    /// O(1).
    pub fn is_empty(&self) -> bool {
        self.bundles.is_empty()
    }

    fn read_file(&mut self, f: &InputFile, limits: &Limits) {
        let cut = chunks(&f.text, limits.max_documents);
        if let Some(pos) = cut.overflow {
            let limit = LimitError::Crossed {
                kind: LimitKind::Documents,
                limit: limits.max_documents,
            };
            let at = Location::at(
                f.path.clone(),
                pos.line,
                pos.column,
                limits.max_documents.saturating_add(1),
            );
            let message = format!("bundle source documents from here on not read: {limit}");
            self.diagnostics
                .push(Diagnostic::warning(Rule::LoadLimit, message).at(at));
        }
        for chunk in cut.list {
            let body = &f.text[chunk.span.0..chunk.span.1];
            if !body.contains("olm.bundle") {
                continue;
            }
            let location = Location::at(f.path.clone(), chunk.first_line, 1, None);
            // Read within the limits first (JSON values are then read again as JSON, to keep
            // their numbers and key order as written).
            let value = match parse_chunk(&f.text, &chunk, limits) {
                Ok(_) if chunk.json => {
                    serde_json::from_str::<Value>(body).map_err(|e| e.to_string())
                }
                Ok(node) => Ok(node.map_or(Value::Null, |n| n.to_json())),
                Err(e) => Err(e.to_string()),
            };
            let raw = chunk.json.then(|| raw_properties(body)).flatten();
            match value {
                Ok(v) => self.add_object(&v, raw, location),
                Err(e) => self.diagnostics.push(
                    Diagnostic::warning(
                        Rule::TemplateSource,
                        format!("bundle source document not read: {e}"),
                    )
                    .at(location),
                ),
            }
        }
    }

    fn add_object(&mut self, v: &Value, raw: Option<Vec<RawProperty>>, location: Location) {
        let Ok(meta) = fbc::meta(v) else { return };
        if meta.schema != "olm.bundle" {
            return;
        }
        match fbc::bundle(&meta.blob, location.clone()) {
            Ok(mut b) => {
                let raw = raw.unwrap_or_default();
                let same = raw.len() == b.properties.len()
                    && raw
                        .iter()
                        .zip(&b.properties)
                        .all(|(r, p)| r.type_ == p.type_);
                if same {
                    for (r, p) in raw.into_iter().zip(b.properties.iter_mut()) {
                        p.raw = r.value;
                    }
                }
                self.add(b)
            }
            Err(e) => self.diagnostics.push(
                Diagnostic::warning(
                    Rule::TemplateSource,
                    format!("bundle source object not read: {e}"),
                )
                .at(location),
            ),
        }
    }

    fn add(&mut self, b: BundleObj) {
        let i = self.bundles.len();
        if b.image.is_empty() {
            return;
        }
        self.exact.entry(b.image.clone()).or_default().push(i);
        if let Some(d) = digest(&b.image) {
            self.digest.entry(d.to_string()).or_default().push(i);
        }
        if let Some((repo, tag)) = repo_tag(&b.image) {
            self.tag.entry(format!("{repo}:{tag}")).or_default().push(i);
        }
        self.bundles.push(b);
    }

    /// The bundle rendered from this image reference, how it matched, and the other names
    /// matching bundles have (sources that disagree).
    ///
    /// # Complexity
    /// O(length of the reference + h) for h bundles matching it.
    pub(crate) fn find(&self, image: &str) -> Option<(&BundleObj, ImageMatch, Vec<&str>)> {
        let hits = self
            .exact
            .get(image)
            .map(|h| (h, ImageMatch::Exact))
            .or_else(|| {
                digest(image)
                    .and_then(|d| self.digest.get(d))
                    .map(|h| (h, ImageMatch::Digest))
            })
            .or_else(|| {
                repo_tag(image)
                    .and_then(|(r, t)| self.tag.get(&format!("{r}:{t}")))
                    .map(|h| (h, ImageMatch::Tag))
            })?;
        let first = self.bundles.get(*hits.0.first()?)?;
        let others = hits
            .0
            .iter()
            .filter_map(|i| self.bundles.get(*i))
            .map(|b| b.name.as_str())
            .filter(|n| *n != first.name)
            .collect();
        Some((first, hits.1, others))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_split_as_registries_read_them() {
        assert_eq!(
            repo_tag("quay.io/foo/olm:testoperator.v0.1.0"),
            Some(("quay.io/foo/olm", "testoperator.v0.1.0"))
        );
        assert_eq!(repo_tag("localhost:5000/foo"), None);
        assert_eq!(
            repo_tag("localhost:5000/foo:v1@sha256:ab"),
            Some(("localhost:5000/foo", "v1"))
        );
        assert_eq!(digest("r/x@sha256:ab"), Some("sha256:ab"));
    }

    #[test]
    fn finds_by_exact_digest_and_tag() {
        let text = "{\"schema\":\"olm.bundle\",\"name\":\"a.v1.0.0\",\"package\":\"a\",\"image\":\"quay.io/a/b@sha256:11\"}\n{\"schema\":\"olm.bundle\",\"name\":\"a.v2.0.0\",\"package\":\"a\",\"image\":\"quay.io/a/b:v2.0.0\"}";
        let src = BundleSource::from_files(&[InputFile::new("r.json", text)]);
        assert_eq!(src.len(), 2);
        let (b, how, _) = src.find("quay.io/a/b@sha256:11").unwrap();
        assert_eq!((b.name.as_str(), how), ("a.v1.0.0", ImageMatch::Exact));
        let (b, how, _) = src.find("mirror.io/other@sha256:11").unwrap();
        assert_eq!((b.name.as_str(), how), ("a.v1.0.0", ImageMatch::Digest));
        let (b, how, _) = src.find("quay.io/a/b:v2.0.0@sha256:99").unwrap();
        assert_eq!((b.name.as_str(), how), ("a.v2.0.0", ImageMatch::Tag));
        assert!(src.find("quay.io/a/c:v3").is_none());
    }
}
