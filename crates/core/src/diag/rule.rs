//! The registry of rules: every kind of finding core reports, as a typed [`Rule`] with its
//! stable id (the `code` a [`Diagnostic`](super::Diagnostic) carries and JSON prints), a name,
//! its usual severity, a one-line summary and a help paragraph ending in the fix.
//!
//! The lint formats (SARIF, GitHub annotations, Markdown), `review` and the LSP read names and
//! help from here; the app's Findings tab from `assets/rule-texts.json`, which core's tests keep
//! equal to this table. A new code is added here in the same change that emits it;
//! `tests/it/rules.rs` fails on a code literal in core's sources, or a code emitted on real or
//! hostile input, that this table lacks.
//!
//! The order is SARIF's `ruleIndex` order; new rules go at the end so the indices of the
//! others stay put.

use super::severity::Severity;

/// What every finding needs of its rule: its id and usual severity.
struct Info {
    id: &'static str,
    severity: Severity,
}

/// What a reader needs of a rule: its name, summary and help. A table of its own, so a program
/// that shows ids only does not link the texts: the web app fetches them, as
/// `rule-texts.json` beside the page, when it first shows a finding's help.
struct Texts {
    name: &'static str,
    summary: &'static str,
    help: &'static str,
}

/// Declares [`Rule`] and its table from one list: `Variant = id, name, severity, summary, help`.
macro_rules! rules {
    ($($variant:ident = $id:literal, $name:literal, $severity:ident, $summary:literal, $help:literal;)*) => {
        /// One kind of finding. Its [`id`](Rule::id) is the `code` of the findings it names.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Rule {
            $(
                #[doc = $summary]
                $variant,
            )*
        }

        static TABLE: &[Info] = &[
            $(Info { id: $id, severity: Severity::$severity },)*
        ];

        static TEXTS: &[Texts] = &[
            $(Texts { name: $name, summary: $summary, help: $help },)*
        ];

        impl Rule {
            /// Every rule, in the registry's order.
            pub const ALL: &'static [Rule] = &[$(Rule::$variant,)*];

            /// The rule whose id is `code`, if the registry has it.
            ///
            /// # Complexity
            /// O(length of `code`): one `match` on the string.
            pub fn from_code(code: &str) -> Option<Rule> {
                match code {
                    $($id => Some(Rule::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

rules! {
    LoadIo = "load.io", "UnreadableFile", Error,
        "A catalog file cannot be read.",
        "opm stops at a file it cannot read. Fix: make the path a readable regular file, or remove it from the catalog directory.";
    LoadUtf8 = "load.utf8", "NotUtf8", Error,
        "A catalog file is not UTF-8 text.",
        "File-Based Catalogs are JSON or YAML text. Fix: store the file as UTF-8, or move it out of the catalog directory (or list it in .indexignore).";
    LoadJson = "load.json", "InvalidJson", Error,
        "A file is not valid JSON.",
        "A .json catalog file must be a stream of JSON objects (or an array of them). Fix: correct the syntax at the position given; `opm render` writes valid JSON.";
    LoadYaml = "load.yaml", "InvalidYaml", Error,
        "A file is not valid YAML.",
        "A .yaml/.yml catalog file must be a stream of YAML documents, each one FBC object. Fix: correct the syntax at the position given.";
    LoadSchema = "load.schema", "MissingSchema", Error,
        "An object has no schema field.",
        "Every FBC object needs a top-level `schema` (olm.package, olm.channel, olm.bundle, olm.deprecations). Fix: add the schema, or move files that are not catalogs out of the catalog directory (or list them in .indexignore).";
    LoadField = "load.field", "InvalidField", Error,
        "A field has the wrong type or value.",
        "opm decodes each object strictly by its schema. Fix: give the field the type the FBC schema requires (the message names the object and the field).";
    LoadKeyCase = "load.key-case", "KeyCase", Warning,
        "A key matches a field only when case is ignored.",
        "opm's JSON decoding ignores the case of keys, other tools do not. Fix: spell the key exactly as the FBC schema does (camelCase).";
    LoadLegacy = "load.legacy", "LegacyManifest", Error,
        "A package-manifest directory cannot be read.",
        "Legacy package manifests need a package file with packageName and channels, and one directory per version holding its ClusterServiceVersion. Fix: complete the manifest, or migrate it to FBC with `opm migrate`.";
    LoadSkipped = "load.skipped", "SkippedFile", Info,
        "A file was not read.",
        "Files matched by .indexignore, and files without a .json, .yaml or .yml extension, are skipped. Fix: nothing, unless the file is meant to be part of the catalog.";
    OpmConvert = "opm.convert", "OpmConversion", Error,
        "opm cannot build the catalog model.",
        "`opm validate` fails while converting the objects to its model: an object of an unknown package, a channel entry without its bundle, a duplicate package, channel or bundle, a bundle version that is not semver. Fix: as the message says; every object must belong to a declared package, and names must be unique within it.";
    OpmValidate = "opm.validate", "OpmValidation", Error,
        "`opm validate` rejects the package.",
        "opm's model rules: a default channel that exists, channels with at least one bundle, exactly one olm.package property per bundle, a bundle image, messages on deprecations, valid skipRanges and skips, unique versions, release names. Fix: as the message says, at the object and field named.";
    OpmValidateChain = "opm.validate.chain", "ReplacesChain", Error,
        "A channel's upgrade graph is invalid.",
        "opm requires exactly one channel head (the entry no replaces or skips names), no replaces cycle, and every entry on the replaces chain from the head or named in some skips (else it is stranded). Fix: as the suggestion says: replace or skip the extra heads, break the cycle, or link the stranded entries.";
    LintDefaultChannelDeprecated = "lint.default-channel-deprecated", "DefaultChannelDeprecated", Warning,
        "The default channel is deprecated.",
        "New installs without a channel land on the default channel; a deprecated one warns every new user. Fix: point defaultChannel at a channel that is not deprecated.";
    LintSkipRangeQuirk = "lint.skiprange-quirk", "SkipRangeQuirk", Warning,
        "A skipRange reads differently from what blang/semver does.",
        "OLM parses skipRange with blang/semver v4, whose quirks (prerelease bounds, wildcards, spaces after operators) can match other versions than the text suggests. Fix: as the suggestion says.";
    LintSkipRangeMatchesSelf = "lint.skiprange-matches-self", "SkipRangeMatchesSelf", Warning,
        "A skipRange contains its own entry's version.",
        "`opm alpha render-graph` then draws a self-loop and the range reads as if the bundle upgraded to itself. Fix: give the range an upper bound below the bundle's version.";
    LintSkipRangeMatchesNothing = "lint.skiprange-matches-nothing", "SkipRangeMatchesNothing", Warning,
        "A skipRange matches no other bundle of the package.",
        "The range only helps clusters on versions the catalog no longer ships. Fix: check the bounds against the versions the package ships; drop the range if it is no longer needed.";
    LintUnreachableV0 = "lint.unreachable-v0", "UnreachableUnderV0", Warning,
        "No OLM v0 upgrade can reach an entry.",
        "OLM v0 never offers an entry that another entry of the channel skips; it can only be installed directly (startingCSV). Fix: if clusters should upgrade to it, remove it from skips and let a later entry replace it.";
    LifecycleVersionName = "lifecycle.version-name", "LifecycleVersionName", Warning,
        "A lifecycle stream name is not MAJOR.MINOR.",
        "Each item of a lifecycle blob's `versions` names one MAJOR.MINOR stream; bundles are matched to it by the first two numbers of their version. Fix: write the name as MAJOR.MINOR, quoted (\"0.22\").";
    LifecycleDate = "lifecycle.date", "LifecycleDate", Warning,
        "A lifecycle date is not a real YYYY-MM-DD day.",
        "Phase dates are calendar days written YYYY-MM-DD. Fix: write a day that exists (leap years included).";
    LifecyclePhaseOrder = "lifecycle.phase-order", "LifecyclePhaseOrder", Warning,
        "A phase does not end after it starts.",
        "A phase's endDate must come after its startDate. Fix: swap or correct the dates.";
    LifecyclePhaseGap = "lifecycle.phase-gap", "LifecyclePhaseGap", Warning,
        "A phase does not start the day after the previous one ends.",
        "Phases are listed in order and follow each other without gap or overlap; on a day in a gap the stream has no phase. Fix: make each startDate the day after the previous endDate.";
    LifecycleDuplicateVersion = "lifecycle.duplicate-version", "LifecycleDuplicateVersion", Warning,
        "A stream has two lifecycle entries.",
        "Only the first entry of a stream is used. Fix: merge the entries into one.";
    LifecyclePlatformVersion = "lifecycle.platform-version", "LifecyclePlatformVersion", Warning,
        "A platform version is not MAJOR.MINOR.",
        "platformCompatibility lists platform versions as MAJOR.MINOR (\"4.20\"). Fix: write them so.";
    LifecycleUnknownPackage = "lifecycle.unknown-package", "LifecycleUnknownPackage", Warning,
        "Lifecycle data names a package that was not loaded.",
        "The blob cannot be joined to any bundle. Fix: load the package's catalog with it, or correct the package name.";
    LifecycleMissingStream = "lifecycle.missing-stream", "LifecycleMissingStream", Warning,
        "A stream the package ships has no lifecycle entry.",
        "Bundles of that MAJOR.MINOR have no support phase and no platform compatibility. Fix: add an entry for the stream to the package's lifecycle blob.";
    LifecycleEndOfLifeHead = "lifecycle.end-of-life-head", "LifecycleEndOfLifeHead", Warning,
        "A channel head is past its stream's end of life.",
        "`review` names, on its date, each channel whose head belongs to a stream whose last support phase has ended: new installs from that channel get an unsupported version. Fix: publish a bundle of a supported stream to the channel, or deprecate the channel.";
    LifecycleShape = "lifecycle.shape", "LifecycleShape", Warning,
        "A lifecycle blob's versions is not a list.",
        "The blob then says nothing about any stream. Fix: make `versions` a list of streams.";
    LoadLimit = "load.limit", "InputLimit", Error,
        "An input crosses one of the reader's limits.",
        "Every input is read within limits (nesting depth, documents per file, keys per document, bytes per string, bytes of all input, and YAML aliases replaying at most 100 events per event of the document), so that hostile input cannot exhaust time or memory. What crosses a limit is not read (that document; for the document count the rest of the file; for the total size that file and the ones after it), and everything else still loads. Fix: if the input is genuine, raise the limit with the flag the message names (--max-depth, --max-documents, --max-nodes, --max-string-bytes, --max-total-bytes); otherwise the file is malformed or hostile.";
    TemplateError = "template.error", "TemplateError", Error,
        "A catalog template cannot be rendered.",
        "`opm alpha render-template` refuses the template: its kind cannot be detected, it names an unknown kind, or the basic, semver or substitutes rules reject it (the message is opm's). Nothing of the template is rendered. Fix: correct the template at the position given; `olm-graph render-template` shows what it renders.";
    TemplateEntry = "template.entry", "TemplateEntry", Error,
        "An object beside a template cannot be added to the catalog.",
        "The documents of a template file other than the template are passed through as File-Based Catalog objects; one without a schema, package or name that FBC accepts is left out. Fix: correct the object at the position given, or move it into a catalog file of its own.";
    TemplateStream = "template.stream", "TemplateStream", Warning,
        "A template file holds more than the template.",
        "`opm alpha render-template` reads only the first document of a template file (and refuses a file whose first document is not a template); olm-graph renders the template and passes the other documents through as catalog objects, so the result differs from opm's. Fix: keep one template per file, and the other objects in catalog files.";
    TemplateSource = "template.source", "TemplateSource", Warning,
        "An object of a bundle source cannot be read.",
        "Templates are rendered offline from the bundles of catalogs given as bundle sources; an olm.bundle object there that cannot be read is left out, and the template's images it would have provided become stubs. Fix: correct the object, or give a bundle source rendered by `opm render`.";
    TemplateStub = "template.stub", "TemplateStub", Warning,
        "A bundle image of the template is in no bundle source.",
        "Bundle images are never pulled: an image no bundle source holds is drawn as a stub whose name, version and package come from the template's names and the image tag, with no properties, skips or skipRange of its own. Fix: give a catalog that holds the bundle as a bundle source (for example the published catalog), or render the template with opm.";
    TemplateUnrendered = "template.unrendered", "TemplateUnrendered", Warning,
        "A channel has no bundle until the template is rendered.",
        "The template names some bundle images by digest only, so their bundle names are unknown without a bundle source and the channel entries naming them have no bundle; opm would fill them in when it renders. Fix: give a bundle source holding those images.";
    TemplateUnknownVersion = "template.unknown-version", "TemplateUnknownVersion", Warning,
        "A template's bundle has no known version.",
        "No bundle source holds its image, and neither its name nor its image tag gives a version, so it takes no part in skipRange matching or semver channel generation. Fix: give a bundle source holding the image, or name the bundle `<package>.v<version>`.";
    TemplateIcon = "template.icon", "TemplateIcon", Info,
        "The package icon of a semver template is unknown.",
        "opm takes the package's icon from the ClusterServiceVersion of the default channel's head, which only a bundle source holds. Fix: nothing for the graph; give a bundle source to render the icon as opm does.";
    TemplateRenamed = "template.renamed", "TemplateRenamed", Warning,
        "A basic template names a bundle differently from what its image renders.",
        "opm ignores the name a basic template gives a bundle image and takes the name of the bundle the image renders to, so channel entries naming the template's name find no bundle. Fix: use the rendered name in the template and its channels.";
    ClusterSyntax = "cluster.syntax", "ClusterStateSyntax", Error,
        "A cluster-state file is not valid YAML or JSON.",
        "`diagnose` reads objects as `oc get -o yaml|json` and must-gather write them; this document could not be parsed, so its objects are missing from the report. Fix: correct the syntax at the position given, or dump the objects again.";
    ClusterKind = "cluster.kind", "NotAKubernetesObject", Warning,
        "A cluster-state document is not a Kubernetes object.",
        "Every document must be an object with `apiVersion` and `kind` (or a `List` of them); this one is skipped. Fix: remove it, or dump the objects with `oc get ... -o yaml`.";
    ClusterField = "cluster.field", "ClusterObjectField", Error,
        "A field of a cluster object has the wrong type, or a required one is missing.",
        "OLM's API types give each field a type (a Subscription's `spec.channel` is a string, an InstallPlan's `spec.approved` a boolean); a field of another type is read as empty, and an object without its name, namespace or package is skipped. Fix: dump the object from the cluster again instead of editing it by hand.";
    ClusterNoCatalog = "cluster.no-catalog", "NoCatalogForOperator", Info,
        "No catalog given serves this operator.",
        "Without the catalog, the verdict comes from the cluster's objects alone and the next bundle is not resolved. Fix: pass the catalog the operator's CatalogSource serves, with `--catalog PATH` or `--catalog SOURCE=PATH`.";
    ClusterOperatorGroups = "cluster.operatorgroups", "OperatorGroupCount", Warning,
        "A namespace has no OperatorGroup, or several.",
        "OLM installs nothing in a namespace without exactly one OperatorGroup (`found N operatorGroups, expected 1`), and decides fail-forward from that one group. Fix: keep exactly one OperatorGroup in the namespace.";
    ClusterStaleCatalog = "cluster.stale-catalog", "ClusterCatalogDiffers", Info,
        "The cluster's catalog and the catalog given disagree.",
        "The Subscription says it is at the latest bundle, or plans another bundle, than the catalog given offers: the cluster's CatalogSource serves other (usually older) content. Fix: check the CatalogSource's image and its registry poll, or compare with the catalog the cluster really serves.";
    ClusterDeprecated = "cluster.deprecated", "SubscriptionDeprecated", Warning,
        "The Subscription's package, channel or bundle is deprecated.",
        "OLM copies the catalog's `olm.deprecations` into the Subscription's Deprecated condition. Fix: plan a move to a supported channel or bundle (`olm-graph plan`).";
    ClusterCatalogImage = "cluster.catalog-image", "CatalogImageTemplate", Warning,
        "A CatalogSource's image template, resolved on the cluster's version.",
        "With `olm.catalogImageTemplate`, OLM switches the CatalogSource's image when the cluster's version changes; the finding says which image the template resolves to and whether the CatalogSource runs it. Fix: when they differ, wait for OLM to switch, or set `spec.image` to the resolved image.";
    ClusterCatalogs = "cluster.catalogs", "SeveralCatalogsHoldPackage", Info,
        "Several catalogs given hold a ClusterExtension's package.",
        "OLM v1 resolves across every ClusterCatalog; the verdict uses the catalog with the highest `spec.priority`. Fix: name the ClusterCatalogs with `--catalog NAME=PATH` so their priorities apply, or give only the one that serves the package.";
    ClusterResolve = "cluster.resolve", "PathNotResolved", Error,
        "The path from the installed bundle could not be resolved.",
        "The catalog has no such package or channel, or the failed bundle is unknown to it, so `olm-graph path` would fail with the same message. Fix: give the catalog the operator's CatalogSource serves.";
    MirrorConfig = "mirror.config", "ImageSetConfiguration", Error,
        "An ImageSetConfiguration cannot be read as oc-mirror reads it.",
        "oc-mirror refuses a configuration with an unknown field, a value of the wrong type, or an invalid `mirror.operators` entry. Fix: correct the field named at the position given.";
    LoadRepo = "load.repo", "OperatorRepository", Error,
        "An operator repository (bundle layout) cannot be read as the index build reads it.",
        "An operator directory holds one directory per bundle with `manifests/` (its ClusterServiceVersion) and `metadata/annotations.yaml` (package, channels, default channel), and an optional `ci.yaml` whose `updateGraph` is `replaces-mode` or `semver-mode` (see docs/spec/operator-repo.md). Fix: as the message says, at the file and field it names.";
    LoadCrd = "load.crd", "BundleObject", Warning,
        "A bundle's `olm.bundle.object` does not decode, so its CustomResourceDefinitions are not read.",
        "Each `olm.bundle.object` property holds one manifest of the bundle as base64 of its JSON (`value.data`); opm writes them when it renders a bundle image. A value that is not base64 of a JSON object leaves the bundle's CRDs unknown, and every upgrade to or from it `unknown` for CRD safety (see docs/spec/crd-safety.md). Fix: render the bundle again with opm.";
    CrdUpgradeUnsafe = "crd.upgrade-unsafe", "CrdUpgradeUnsafe", Error,
        "An upgrade edge that OLM v1's CRD Upgrade Safety preflight refuses.",
        "operator-controller compares each CustomResourceDefinition of the new bundle with the one on the cluster (crdify: scope, removed fields and stored versions, and per property default, enum, bounds, required, type, nullable, pattern, oneOf, and any change it does not handle) and refuses the upgrade with the message shown (see docs/spec/crd-safety.md). OLM v0 checks only stored versions and existing custom resources. Fix: keep the CRD compatible (add, do not remove or tighten), or give users an upgrade path that does not cross this edge.";
    MirrorFilter = "mirror.filter", "MirrorFilterFailed", Error,
        "oc-mirror cannot cut a package under the ImageSetConfiguration.",
        "oc-mirror stops at a package it cannot filter: a default channel the filter drops, a version range that does not parse, `full` mixed with a version range, a channel without entries or with a replaces cycle (the message is oc-mirror's). The package is left out of the kept catalog; the other packages are still cut. Fix: as the message says: configure a default channel that is kept, correct the range, or correct the channel in the catalog.";
    MirrorCut = "mirror.cut", "MirrorCutNote", Warning,
        "The cut keeps a bundle outside its range, or mirrors nothing of what the configuration names.",
        "oc-mirror keeps the bundles the replaces chain needs to reach every bundle of a range, even outside it; drops a channel of which a range keeps nothing; and mirrors nothing of a package or channel the catalog lacks. Fix: check the configuration's names and ranges against the catalog (`olm-graph packages`).";
    TemplateDownload = "template.download", "TemplateDownload", Error,
        "A rendered template cannot be downloaded.",
        "The web app's template studio could not hand the rendered catalog to the browser as a file. Fix: try again, or copy the rendered text; `olm-graph render-template` writes the same catalog.";
    TemplateWorker = "template.worker", "TemplateWorker", Error,
        "The web app's rendering worker did not answer.",
        "The template studio renders in a Web Worker; this one failed or was stopped before it answered, so nothing was rendered. Fix: reload the page; `olm-graph render-template` renders the same template.";
}

impl Rule {
    fn info(self) -> &'static Info {
        &TABLE[self as usize]
    }

    fn texts(self) -> &'static Texts {
        &TEXTS[self as usize]
    }

    /// Its place in [`Rule::ALL`] (SARIF's `ruleIndex`).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The stable id, the `code` of the findings it names (`load.limit`, `opm.validate`, …).
    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// A name in CamelCase (`InputLimit`), as SARIF and GitHub annotations show it.
    pub fn name(self) -> &'static str {
        self.texts().name
    }

    /// The severity its findings usually have (a few are reported at another: a crossed limit
    /// that stops a bundle source is a warning).
    pub fn severity(self) -> Severity {
        self.info().severity
    }

    /// One line: what the rule finds.
    pub fn summary(self) -> &'static str {
        self.texts().summary
    }

    /// A paragraph: why it matters, ending in the fix.
    pub fn help(self) -> &'static str {
        self.texts().help
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl Rule {
    /// The fix an editor can apply for this rule's findings (`olm-graph lsp`'s code actions,
    /// `core::workspace::fix`), in one line; `None` for a rule without one.
    pub fn fix(self) -> Option<&'static str> {
        match self {
            Rule::OpmValidateChain => Some(
                "a dangling replaces (naming no entry of the channel) is pointed at the newest older entry no other entry names",
            ),
            _ => None,
        }
    }
}
