//! The template studio: a catalog template being edited, the catalog it renders to after each
//! edit (parsed in the worker), the catalog as it was when the template was opened, and the
//! derived views: the marks the findings put on the text, and what the edit changes for
//! clusters that installed a bundle of the opened catalog (core's catalog-switch diff).

use std::collections::BTreeSet;

use leptos::prelude::*;
use olm_graph_core::change::{diff_package, DiffError, DiffOptions, PackageDiff};
use olm_graph_core::resolve::Resolver;
use olm_graph_core::sort::SortWith;
use olm_graph_core::{Catalog, Diagnostic, InputFile, Severity};

use crate::state::load::{FileText, Loaded};
use crate::state::shared::Shared;

/// The name of the bundle source the studio writes for versions entered by hand.
pub const ENTERED_VERSIONS_PATH: &str = "studio-versions.json";

/// A template open in the studio.
#[derive(Debug, Clone)]
pub struct Session {
    /// The template's file name: findings name it, downloads reuse it.
    pub path: String,
    /// Where it came from, in words ("rhtpa.yaml on screen", "the bundles of acme-operator").
    pub started_from: String,
    /// Rendered catalogs standing in for the registry (files loaded with the template, files
    /// added in the studio, the catalog a semver template was started from).
    pub sources: Vec<FileText>,
}

/// A bundle image whose version the curator entered in the studio (core's: opm reads it from
/// the image; the studio serves it as a bundle source).
pub use olm_graph_core::template::EnteredVersion;

/// The catalog one revision of the text renders to.
#[derive(Debug, Clone, PartialEq)]
pub struct Rendered {
    pub revision: u64,
    pub loaded: Shared<Loaded>,
}

/// Where the download of the rendered FBC stands.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum RenderStatus {
    #[default]
    Idle,
    Rendering,
    /// Downloaded, with the warnings it came with (stubs, documents passed through).
    Done {
        warnings: Vec<Diagnostic>,
    },
    /// opm refuses the template (its message and position), or the worker failed.
    Failed(Box<Diagnostic>),
}

/// The studio store (from the context; cheap to copy).
#[derive(Clone, Copy)]
pub struct TemplateStudio {
    /// The studio's drawer is open.
    pub open: RwSignal<bool>,
    pub session: RwSignal<Option<Shared<Session>>>,
    /// The template text as edited.
    pub text: RwSignal<String>,
    /// Bumped on every edit; a rendering of an older revision is dropped.
    pub revision: RwSignal<u64>,
    /// The latest revision rendered (its catalog may be empty when the template has an error).
    pub rendered: RwSignal<Option<Rendered>>,
    /// The catalog when the template was opened: what installed clusters run today.
    pub baseline: RwSignal<Option<Shared<Loaded>>>,
    /// Versions entered with the semver form for images no bundle source has.
    pub entered: RwSignal<Vec<EnteredVersion>>,
    /// The template's catalog is the one on screen (false once another catalog is loaded).
    pub live: RwSignal<bool>,
    /// The resolver of the "what changes" summary.
    pub resolver: RwSignal<Resolver>,
    pub render: RwSignal<RenderStatus>,
    /// Bumped to put the caret on a finding's place (the editor watches it).
    pub jump: RwSignal<Option<(usize, usize)>>,
    /// The text was edited since the session started or the template was last downloaded
    /// (closing the tab then asks first).
    pub unsaved: RwSignal<bool>,
}

impl TemplateStudio {
    pub fn new() -> TemplateStudio {
        TemplateStudio {
            open: RwSignal::new(false),
            session: RwSignal::new(None),
            text: RwSignal::new(String::new()),
            revision: RwSignal::new(0),
            rendered: RwSignal::new(None),
            baseline: RwSignal::new(None),
            entered: RwSignal::new(Vec::new()),
            live: RwSignal::new(false),
            resolver: RwSignal::new(Resolver::V0),
            render: RwSignal::new(RenderStatus::Idle),
            jump: RwSignal::new(None),
            unsaved: RwSignal::new(false),
        }
    }

    pub fn get() -> TemplateStudio {
        expect_context::<TemplateStudio>()
    }

    /// Opens `text` as a new session; `baseline` is the catalog installed clusters run (`None`:
    /// the template's first rendering).
    pub fn start(&self, session: Session, text: String, baseline: Option<Shared<Loaded>>) {
        self.session.set(Some(Shared::new(session)));
        self.baseline.set(baseline);
        self.rendered.set(None);
        self.entered.set(Vec::new());
        self.render.set(RenderStatus::Idle);
        self.live.set(true);
        self.unsaved.set(false);
        self.text.set(text);
        self.revision.update(|r| *r += 1);
        self.open.set(true);
    }

    /// The text was edited.
    pub fn edit(&self, text: String) {
        self.unsaved.set(true);
        self.text.set(text);
        self.revision.update(|r| *r += 1);
        self.render.set(RenderStatus::Idle);
    }

    /// Ends the session.
    pub fn close(&self) {
        self.session.set(None);
        self.baseline.set(None);
        self.rendered.set(None);
        self.entered.set(Vec::new());
        self.live.set(false);
        self.unsaved.set(false);
        self.render.set(RenderStatus::Idle);
    }

    /// The template as a file for the worker (the text copied into a JS string).
    pub fn template_file(&self) -> Option<FileText> {
        let path = self
            .session
            .with_untracked(|s| s.as_ref().map(|s| s.path.clone()))?;
        Some(FileText {
            path,
            text: js_sys::JsString::from(self.text.get_untracked().as_str()).into(),
        })
    }

    /// The bundle sources of a rendering: the session's, then the versions entered by hand.
    pub fn sources(&self) -> Vec<FileText> {
        let mut out = self
            .session
            .with_untracked(|s| s.as_ref().map(|s| s.sources.clone()).unwrap_or_default());
        if let Some(f) = self.entered.with_untracked(|e| entered_versions_source(e)) {
            out.push(FileText {
                path: f.path,
                text: js_sys::JsString::from(f.text.as_str()).into(),
            });
        }
        out
    }
}

impl Default for TemplateStudio {
    fn default() -> Self {
        TemplateStudio::new()
    }
}

/// The versions entered by hand as the bundle source [`ENTERED_VERSIONS_PATH`] (core's
/// `entered_versions_source`); `None` when there is none.
///
/// # Complexity
/// O(n) for n entered versions.
pub fn entered_versions_source(entered: &[EnteredVersion]) -> Option<InputFile> {
    olm_graph_core::template::entered_versions_source(ENTERED_VERSIONS_PATH, entered)
}

/// The template file of `package` in a loaded catalog and the other files read with it (rendered
/// catalogs, the bundle sources), when the package comes from a template.
///
/// # Complexity
/// O(F log F) for F files read.
pub fn template_on_screen(loaded: &Loaded, package: &str) -> Option<(FileText, Vec<FileText>)> {
    let origin = loaded.catalog.package(package)?.template.as_ref()?;
    let template = loaded
        .origin
        .files
        .iter()
        .find(|f| f.path == origin.file)?
        .clone();
    let templates: BTreeSet<&str> = loaded
        .catalog
        .files
        .iter()
        .filter(|f| f.template.is_some())
        .map(|f| f.path.as_str())
        .collect();
    let sources = loaded
        .origin
        .files
        .iter()
        .filter(|f| !templates.contains(f.path.as_str()))
        .cloned()
        .collect();
    Some((template, sources))
}

/// A finding placed in the template's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextMark {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (1 when the finding names only the line).
    pub column: usize,
    pub severity: Severity,
    pub message: String,
}

/// The findings located in the template `path` (errors, then warnings, each by position);
/// information-only findings are left out.
///
/// # Complexity
/// O(F log F) for F findings.
pub fn text_marks(findings: &[Diagnostic], path: &str) -> Vec<TextMark> {
    let mut marks: Vec<TextMark> = findings
        .iter()
        .filter(|d| d.severity != Severity::Info)
        .filter_map(|d| {
            let at = d.location.as_ref().filter(|l| l.file == path)?;
            Some(TextMark {
                line: at.line?,
                column: at.column.unwrap_or(1).max(1),
                severity: d.severity,
                message: d.message.clone(),
            })
        })
        .collect();
    let rank = |s: Severity| if s == Severity::Error { 0 } else { 1 };
    marks.sort_with(|a, b| {
        (rank(a.severity), a.line, a.column).cmp(&(rank(b.severity), b.line, b.column))
    });
    marks.dedup();
    marks
}

/// What one package of the template does to the clusters that installed a bundle of it.
#[derive(Debug, Clone)]
pub struct InstalledChanges {
    pub package: String,
    /// Core's catalog-switch diff from the opened catalog to the edited template's, or why it
    /// could not be made.
    pub diff: Result<PackageDiff, DiffError>,
}

/// For each package of the edited template that the opened catalog has (and each template
/// package of the opened catalog), what switching from the opened catalog to the template's
/// does: bundles stranded, heads moved, fates (`change::diff_package`).
///
/// # Complexity
/// O(log P) per package name for P packages, plus `diff_package` for each package compared
/// (a path resolution per installed bundle).
pub fn installed_changes(
    opened: &Catalog,
    edited: &Catalog,
    resolver: Resolver,
) -> Vec<InstalledChanges> {
    let names: BTreeSet<&str> = edited
        .packages
        .iter()
        .chain(opened.packages.iter().filter(|p| p.template.is_some()))
        .map(|p| p.name.as_str())
        .filter(|n| opened.package(n).is_some())
        .collect();
    let options = DiffOptions {
        channel: None,
        resolver,
    };
    names
        .into_iter()
        .map(|name| InstalledChanges {
            package: name.to_string(),
            diff: diff_package(opened, edited, name, &options),
        })
        .collect()
}

/// The offset in UTF-16 code units (what a text area's selection counts) of 1-based `line`
/// and `column` (in characters) of `text`; past the end of a line or of the text, its end.
///
/// # Complexity
/// O(n) in the length of the text.
pub fn utf16_offset(text: &str, line: usize, column: usize) -> u32 {
    let mut offset = 0usize;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            let body = l.strip_suffix('\n').unwrap_or(l);
            let body = body.strip_suffix('\r').unwrap_or(body);
            let col: usize = body
                .chars()
                .take(column.saturating_sub(1))
                .map(char::len_utf16)
                .sum();
            return u32::try_from(offset + col).unwrap_or(u32::MAX);
        }
        offset += l.encode_utf16().count();
    }
    u32::try_from(offset).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use olm_graph_core::change::Fate;
    use olm_graph_core::diag::Rule;
    use olm_graph_core::template::template_catalog;
    use olm_graph_core::Location;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn offsets_count_utf16_units() {
        let text = "ab\nçé😀x\r\nlast";
        assert_eq!(utf16_offset(text, 1, 1), 0);
        assert_eq!(utf16_offset(text, 2, 1), 3);
        // ç, é and the emoji (two units) come before x.
        assert_eq!(utf16_offset(text, 2, 4), 3 + 4);
        assert_eq!(utf16_offset(text, 2, 99), 3 + 5, "the end of the line");
        assert_eq!(utf16_offset(text, 3, 2), 3 + 5 + 2 + 1);
        assert_eq!(utf16_offset(text, 9, 1), 3 + 7 + 4, "past the end: the end");
    }

    #[test]
    fn marks_keep_what_is_in_the_template_errors_first() {
        let at =
            |file: &str, line: usize, column: Option<usize>| Location::at(file, line, column, None);
        let findings = vec![
            Diagnostic::warning(Rule::TemplateStub, "late warning").at(at("t.yaml", 2, Some(3))),
            Diagnostic::error(Rule::TemplateError, "the error").at(at("t.yaml", 9, Some(1))),
            Diagnostic::error(Rule::TemplateError, "elsewhere").at(at("other.json", 1, Some(1))),
            Diagnostic::error(Rule::TemplateError, "no line")
                .at(Location::at("t.yaml", None, None, None)),
            Diagnostic::warning(Rule::TemplateStub, "line only").at(at("t.yaml", 1, None)),
        ];
        let marks = text_marks(&findings, "t.yaml");
        let got: Vec<(usize, usize, &str)> = marks
            .iter()
            .map(|m| (m.line, m.column, m.message.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (9, 1, "the error"),
                (1, 1, "line only"),
                (2, 3, "late warning")
            ]
        );
    }

    #[test]
    fn entered_versions_are_a_bundle_source_core_reads() {
        assert!(entered_versions_source(&[]).is_none());
        let entered = [EnteredVersion {
            package: "widget-operator".into(),
            image: "quay.io/acme/w@sha256:1234".into(),
            version: "1.2.0".into(),
        }];
        let source = entered_versions_source(&entered).unwrap();
        let template = InputFile::new(
            "w.yaml",
            "schema: olm.semver\ngenerateMinorChannels: true\nstable:\n  bundles:\n  - image: quay.io/acme/w@sha256:1234\n",
        );
        let catalog = template_catalog(&[template], &[source]);
        let pkg = catalog.package("widget-operator").expect("rendered");
        assert_eq!(pkg.default_channel.as_deref(), Some("stable-v1.2"));
        let b = pkg
            .bundle("widget-operator.v1.2.0")
            .expect("named from the entry");
        assert_eq!(b.version_text.as_deref(), Some("1.2.0"));
    }

    const REPLACES: &str = include_str!("../../tests/e2e/fixtures/replaces-template.yaml");

    #[test]
    fn an_edited_replaces_strands_installed_bundles() {
        let opened = template_catalog(&[InputFile::new("t.yaml", REPLACES)], &[]);
        // 1.2.0 now replaces 1.1.1: 1.1.2 becomes a second head of stable, so OLM v0 finds no
        // upgrade for anyone in it (`olm-graph diff` says the same).
        let edited_text = REPLACES.replacen(
            "replaces: demo-operator.v1.1.2",
            "replaces: demo-operator.v1.1.1",
            1,
        );
        assert_ne!(edited_text, REPLACES);
        let edited = template_catalog(&[InputFile::new("t.yaml", edited_text)], &[]);
        let same = installed_changes(&opened, &opened, Resolver::V0);
        assert_eq!(same.len(), 1);
        let d = same[0].diff.as_ref().unwrap();
        assert_eq!(d.count(Fate::Stranded), 0);
        assert_eq!(d.count(Fate::Upgradable), 4);
        let changed = installed_changes(&opened, &edited, Resolver::V0);
        let d = changed[0].diff.as_ref().unwrap();
        assert_eq!(d.count(Fate::Stranded), 5);
        assert_eq!(d.heads_moved.len(), 1);
        assert_eq!(
            d.heads_moved[0].old.as_deref(),
            Some("demo-operator.v1.2.0")
        );
        assert_eq!(d.heads_moved[0].new, None);
        let edges = |c: &Catalog| {
            let p = c.package("demo-operator").unwrap();
            p.channel("stable")
                .unwrap()
                .entry("demo-operator.v1.2.0")
                .unwrap()
                .replaces
                .clone()
        };
        assert_eq!(edges(&edited).as_deref(), Some("demo-operator.v1.1.1"));
        // A package only in the opened catalog's rendered part is left out.
        let other = olm_graph_core::load_files(vec![InputFile::new(
            "o.yaml",
            "schema: olm.package\nname: other\n",
        )]);
        assert!(installed_changes(&other, &edited, Resolver::V0).is_empty());
    }
}
