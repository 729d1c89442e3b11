//! What one rendering run knows (the bundle source) and collects (diagnostics, stubs).

use crate::diag::{Diagnostic, Location, Rule};
use crate::template::bundles::facts::{describe, Stub};
use crate::template::bundles::source::BundleSource;

/// What a rendering run knows and collects.
pub(crate) struct Job<'a> {
    pub source: &'a BundleSource,
    /// Report a bundle nothing is known about and go on (the app, the loader), instead of
    /// stopping as opm stops (`render-template`).
    pub keep_going: bool,
    /// One warning per stub (`render-template`), or one summary per template (loading).
    pub warn_each_stub: bool,
    pub diagnostics: Vec<Diagnostic>,
    pub stubs: Vec<String>,
    pub unnamed_images: Vec<String>,
}

impl<'a> Job<'a> {
    /// # Complexity
    /// O(1).
    pub(crate) fn new(source: &'a BundleSource, keep_going: bool) -> Self {
        Job {
            source,
            keep_going,
            warn_each_stub: !keep_going,
            diagnostics: Vec::new(),
            stubs: Vec::new(),
            unnamed_images: Vec::new(),
        }
    }

    /// Notes a stub: a warning naming it, or a line of the summary.
    ///
    /// # Complexity
    /// O(length of the warning).
    pub(crate) fn stub_warning(&mut self, stub: &Stub, at: Location) {
        self.stubs.push(stub.image.clone());
        if self.warn_each_stub {
            let message = format!(
                "bundle image {:?} is in no bundle source: written as a stub {{schema, package, name, image}} ({})",
                stub.image,
                describe(stub)
            );
            let mut d = Diagnostic::warning(Rule::TemplateStub, message)
                .at(at)
                .schema("olm.bundle");
            if let Some((n, _)) = &stub.name {
                d = d.bundle(n);
            }
            self.diagnostics.push(d);
        }
    }
}
