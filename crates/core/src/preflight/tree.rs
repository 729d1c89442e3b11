//! The files of an operator repository that the pipelines' file checks read, found among the
//! input files by their place in the layout (spec/preflight.md §5.1): operator directories
//! (`ci.yaml`, bundle directories with their annotations, CSV and `release-config.yaml`), the
//! operator catalogs `catalogs/<version>/<operator>/catalog.{yaml,yml,json}`, and the
//! repository's `config.yaml` beside `operators/` or `catalogs/`.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::python::{get, str_of, truthy};
use crate::load::{stream_values, InputFile};
use crate::semver::Version;
use crate::sort::SortWith;

/// The annotation naming a bundle's package.
const PACKAGE_KEY: &str = "operators.operatorframework.io.bundle.package.v1";

/// What the operator-sdk checks read of a bundle directory beyond the tree's files: the CRDs
/// the loader keeps and the sizes of `manifests/` (spec/preflight.md §17.2).
#[derive(Debug, Clone, Default)]
pub(super) struct SdkInputs {
    /// The CustomResourceDefinition documents of `manifests/`, as the loader keeps them.
    pub crds: Vec<Value>,
    /// Bytes of the files of `manifests/`.
    pub size: u64,
    /// Their gzip sizes in base64, summed.
    pub compressed: u64,
}

/// One bundle directory: `<operator>/<version>/` with `metadata/annotations.yaml`.
#[derive(Debug, Clone, Default)]
pub(super) struct BundleDir {
    /// The directory's name (the pipeline's `operator_version`).
    pub version_dir: String,
    /// The whole of `metadata/annotations.yaml` as read (`Null` when empty).
    pub annotations_file: Value,
    /// `metadata/annotations.yaml` is not YAML.
    pub annotations_unreadable: bool,
    /// The first `*.clusterserviceversion.yaml` (or `.yml`) of `manifests/`: its file name
    /// and its first document.
    pub csv: Option<(String, Value)>,
    /// `release-config.yaml` of the bundle directory, when there is one.
    pub release_config: Option<Value>,
    /// Every `*.yaml` and `*.yml` file of `manifests/`, by file name: its name and its first
    /// document (`Null` when it has none that reads).
    pub manifests: Vec<(String, Value)>,
    /// The directory's path among the input files.
    pub dir: String,
    /// What operator-sdk's validators read beyond these files (the bundle under test of the
    /// community pipeline only; spec/preflight.md §17.2).
    pub sdk: Option<SdkInputs>,
}

impl BundleDir {
    /// How the pipeline prints it: `Bundle(<operator>/<version directory>)`.
    pub(super) fn label(&self, operator: &str) -> String {
        format!("Bundle({operator}/{})", self.version_dir)
    }

    /// The `annotations` mapping of `metadata/annotations.yaml` (empty when the file is empty
    /// or the field is absent or empty); `None` when the file or the field is not a mapping,
    /// which the pipeline reads as an invalid bundle.
    pub(super) fn annotations(&self) -> Option<Map<String, Value>> {
        if self.annotations_unreadable {
            return None;
        }
        let inner = match &self.annotations_file {
            Value::Null => return Some(Map::new()),
            Value::Object(m) => m.get("annotations"),
            _ => return None,
        };
        match inner {
            Some(v) if !truthy(v) => Some(Map::new()),
            None => Some(Map::new()),
            Some(Value::Object(m)) => Some(m.clone()),
            Some(_) => None,
        }
    }

    /// The operator name the annotations give (`str()` of the package annotation, empty when
    /// absent); `None` when the annotations cannot be read.
    pub(super) fn metadata_operator_name(&self) -> Option<String> {
        let a = self.annotations()?;
        Some(a.get(PACKAGE_KEY).map(str_of).unwrap_or_default())
    }

    /// The CSV's `metadata.name` split at its first `.`: the operator name and the version
    /// (a leading `v` dropped); `None` when there is no CSV or the name has no `.`.
    pub(super) fn csv_full_name(&self) -> Option<(String, String)> {
        let (_, csv) = self.csv.as_ref()?;
        let name = get(get(csv, "metadata")?, "name")?.as_str()?;
        let (op, version) = name.split_once('.')?;
        Some((op.to_string(), version.trim_start_matches('v').to_string()))
    }

    /// The CSV's `spec.version` as the pipeline prints it (empty when absent).
    pub(super) fn csv_version(&self) -> Option<String> {
        let (_, csv) = self.csv.as_ref()?;
        let v = get(csv, "spec").and_then(|s| get(s, "version"));
        Some(v.filter(|v| truthy(v)).map(str_of).unwrap_or_default())
    }

    /// The directory name as a version, for the order of bundles.
    fn version(&self) -> Option<Version> {
        Version::parse(self.version_dir.trim_start_matches('v')).ok()
    }
}

/// One operator directory: `operators/<name>/`.
#[derive(Debug, Clone, Default)]
pub(super) struct OperatorDir {
    /// The directory's name (the pipeline's `operator_name`).
    pub name: String,
    /// `ci.yaml` as read; an empty mapping when it is absent or cannot be read, as the
    /// pipeline reads a missing one.
    pub config: Value,
    /// The bundle directories, by directory name.
    pub bundles: Vec<BundleDir>,
}

impl OperatorDir {
    /// The bundle the pipeline's bundle checks run on: the bundle a pull request adds, taken
    /// to be the bundle directory of highest version (its name read as a semantic version; a
    /// name that is not one sorts below, by name) (spec/preflight.md §5.1).
    ///
    /// # Complexity
    /// O(B) for B bundles.
    pub(super) fn bundle_under_test(&self) -> Option<&BundleDir> {
        self.bundles.iter().max_by(|a, b| {
            a.version()
                .cmp(&b.version())
                .then_with(|| a.version_dir.cmp(&b.version_dir))
        })
    }
}

/// One operator catalog: `catalogs/<catalog>/<operator>/catalog.*`, its documents.
#[derive(Debug, Clone, Default)]
pub(super) struct OperatorCatalog {
    /// The catalog's directory name (`v4.17`).
    pub catalog: String,
    pub operator: String,
    pub documents: Vec<Value>,
}

impl OperatorCatalog {
    /// How the pipeline prints it: `OperatorCatalog(v4.17/my-operator)`.
    pub(super) fn label(&self) -> String {
        format!("OperatorCatalog({}/{})", self.catalog, self.operator)
    }
}

/// What the file checks read.
#[derive(Debug, Clone, Default)]
pub(super) struct Tree {
    pub operators: Vec<OperatorDir>,
    pub catalogs: Vec<OperatorCatalog>,
    /// The repository's `config.yaml` (`allowed_bundle_registries`), when the input holds the
    /// repository root.
    pub repo_config: Option<Value>,
    /// The newest OpenShift version the version table runs to (`--ocp`; `None`: the table's
    /// own newest) (spec/preflight.md §10.1).
    pub newest_openshift: Option<crate::openshift::OpenShiftVersion>,
    /// The OpenShift version a Konflux fragment is built for, read from a `vMAJOR.MINOR`
    /// folder of its path (spec/preflight.md §16).
    pub fragment_openshift: Option<crate::openshift::OpenShiftVersion>,
}

/// `(directory, name)` of a path.
fn split(path: &str) -> (&str, &str) {
    path.rfind('/')
        .map_or(("", path), |i| (&path[..i], &path[i + 1..]))
}

/// The last component of a directory path.
fn base(dir: &str) -> &str {
    split(dir).1
}

/// Every document of a YAML (or JSON) stream that can be read.
///
/// # Complexity
/// O(n) in the text's length.
fn documents(path: &str, text: &str) -> Vec<Value> {
    // Every document the YAML reader can read, mapping or not (the loader's verdict is about
    // catalog objects, which these files are not), each read once.
    stream_values(path, text)
}

/// The first document of a file, or `Null`.
fn first_document(path: &str, text: &str) -> Value {
    documents(path, text)
        .into_iter()
        .next()
        .unwrap_or(Value::Null)
}

/// The files of the layout, by role, keyed by their directory.
#[derive(Default)]
struct Found<'f> {
    annotations: BTreeMap<&'f str, &'f InputFile>,
    ci: BTreeMap<&'f str, &'f InputFile>,
    csvs: BTreeMap<&'f str, Vec<&'f InputFile>>,
    manifests: BTreeMap<&'f str, Vec<&'f InputFile>>,
    release: BTreeMap<&'f str, &'f InputFile>,
    repo_configs: BTreeMap<&'f str, &'f InputFile>,
    catalogs: Vec<&'f InputFile>,
}

/// Sorts one file into its role by its path.
fn sort_file<'f>(found: &mut Found<'f>, f: &'f InputFile) {
    let (dir, name) = split(&f.path);
    let (parent, dir_name) = split(dir);
    let is_yaml = |stem: &str| name == format!("{stem}.yaml") || name == format!("{stem}.yml");
    if dir_name == "metadata" && is_yaml("annotations") {
        found.annotations.insert(parent, f);
    } else if is_yaml("ci") {
        found.ci.insert(dir, f);
    } else if dir_name == "manifests" && (name.ends_with(".yaml") || name.ends_with(".yml")) {
        found.manifests.entry(parent).or_default().push(f);
        if name.ends_with(".clusterserviceversion.yaml")
            || name.ends_with(".clusterserviceversion.yml")
        {
            found.csvs.entry(parent).or_default().push(f);
        }
    } else if name == "release-config.yaml" {
        found.release.insert(dir, f);
    } else if name == "config.yaml" {
        found.repo_configs.insert(dir, f);
    } else if matches!(name, "catalog.yaml" | "catalog.yml" | "catalog.json")
        && base(split(split(dir).0).0) == "catalogs"
    {
        found.catalogs.push(f);
    }
}

/// The repository root of a directory under `operators/` or `catalogs/` (two or three levels
/// up), when its `config.yaml` was read.
fn repo_config_of<'f>(found: &Found<'f>, under: &str) -> Option<&'f InputFile> {
    found.repo_configs.get(under).copied()
}

/// The manifest files of a bundle directory by name, each with its first document.
///
/// # Complexity
/// O(M log M + B) for M files of B bytes.
fn manifests_of(found: &Found, bundle_dir: &str) -> Vec<(String, Value)> {
    let mut manifests: Vec<(String, Value)> = found
        .manifests
        .get(bundle_dir)
        .into_iter()
        .flatten()
        .map(|m| {
            (
                split(&m.path).1.to_string(),
                first_document(&m.path, &m.text),
            )
        })
        .collect();
    manifests.sort_with(|a, b| a.0.cmp(&b.0));
    manifests
}

/// One bundle directory: its CSV, release config, manifests and annotations.
///
/// # Complexity
/// O(M log M + B) for M files of B bytes in the directory.
fn bundle_dir_of(found: &Found, bundle_dir: &str, f: &InputFile) -> BundleDir {
    let (_, version_dir) = split(bundle_dir);
    let csv = found.csvs.get(bundle_dir).and_then(|v| {
        let mut v = v.clone();
        v.sort_with(|a, b| a.path.cmp(&b.path));
        v.first().map(|c| {
            (
                split(&c.path).1.to_string(),
                first_document(&c.path, &c.text),
            )
        })
    });
    let release_config = found
        .release
        .get(bundle_dir)
        .map(|r| first_document(&r.path, &r.text));
    let annotations_file = first_document(&f.path, &f.text);
    let annotations_unreadable = annotations_file.is_null() && !f.text.trim().is_empty();
    BundleDir {
        version_dir: version_dir.to_string(),
        annotations_file,
        annotations_unreadable,
        csv,
        release_config,
        manifests: manifests_of(found, bundle_dir),
        dir: bundle_dir.to_string(),
        sdk: None,
    }
}

impl Tree {
    /// Finds the operator directories, bundle directories and operator catalogs among `files`.
    ///
    /// # Complexity
    /// O(F log F + B) for F files of B bytes: each file is placed once and read at most once.
    pub(super) fn read(files: &[InputFile]) -> Tree {
        let mut found = Found::default();
        for f in files {
            sort_file(&mut found, f);
        }
        let mut ops: BTreeMap<&str, OperatorDir> = BTreeMap::new();
        let mut repo_config = None;
        for (dir, f) in &found.ci {
            let mut config = first_document(&f.path, &f.text);
            if config.is_null() {
                config = Value::Object(Map::new());
            }
            let op = ops.entry(dir).or_default();
            op.config = config;
        }
        for (bundle_dir, f) in &found.annotations {
            let (op_dir, _) = split(bundle_dir);
            let op = ops.entry(op_dir).or_default();
            op.bundles.push(bundle_dir_of(&found, bundle_dir, f));
        }
        let mut operators = Vec::with_capacity(ops.len());
        for (dir, mut op) in ops {
            op.name = base(dir).to_string();
            if op.config.is_null() {
                op.config = Value::Object(Map::new());
            }
            let (operators_dir, _) = split(dir);
            if base(operators_dir) == "operators" {
                let root = split(operators_dir).0;
                repo_config = repo_config.or_else(|| repo_config_of(&found, root));
            }
            operators.push(op);
        }
        let mut catalogs = Vec::with_capacity(found.catalogs.len());
        for f in &found.catalogs {
            let (op_dir, _) = split(&f.path);
            let (catalog_dir, operator) = split(op_dir);
            let (catalogs_dir, catalog) = split(catalog_dir);
            repo_config = repo_config.or_else(|| repo_config_of(&found, split(catalogs_dir).0));
            catalogs.push(OperatorCatalog {
                catalog: catalog.to_string(),
                operator: operator.to_string(),
                documents: documents(&f.path, &f.text),
            });
        }
        catalogs.sort_with(|a, b| (&a.catalog, &a.operator).cmp(&(&b.catalog, &b.operator)));
        let repo_config = repo_config.map(|f| first_document(&f.path, &f.text));
        Tree {
            operators,
            catalogs,
            repo_config,
            newest_openshift: None,
            fragment_openshift: None,
        }
    }
}
