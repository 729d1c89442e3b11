//! Editing a loaded catalog in place, for what-ifs: "if I publish this entry, are clusters
//! unblocked?" The app shows the recovery before the curator publishes anything.

use crate::model::{Bundle, Catalog, ChannelEntry};
use crate::semver::Version;

/// A new channel entry with the version of its (new) bundle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewEntry {
    /// The entry as it is added to the channel (name, replaces, skips, skipRange).
    pub entry: ChannelEntry,
    /// The version of the bundle the entry names, when the package does not have it yet.
    pub version: Option<Version>,
}

impl NewEntry {
    /// The version typed for a new entry's bundle: `None` when nothing is typed, else read
    /// leniently (blang's `ParseTolerant`: a leading `v`, a missing minor or patch), as a
    /// what-if takes it. The error names the version.
    ///
    /// # Complexity
    /// O(n) in the length of the text.
    pub fn version_from_text(text: &str) -> Result<Option<Version>, String> {
        let v = text.trim();
        if v.is_empty() {
            return Ok(None);
        }
        Version::parse_tolerant(v)
            .map(Some)
            .map_err(|e| format!("version {v:?}: {e}"))
    }
}

/// Why an entry could not be added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditError {
    /// The new entry's name is empty.
    EmptyName,
    /// The catalog has no such package.
    UnknownPackage {
        /// The package asked for.
        package: String,
    },
    /// The package has no such channel.
    UnknownChannel {
        /// The package.
        package: String,
        /// The channel asked for.
        channel: String,
    },
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditError::EmptyName => f.write_str("the new entry needs a name"),
            EditError::UnknownPackage { package } => write!(f, "unknown package {package:?}"),
            EditError::UnknownChannel { package, channel } => {
                write!(f, "package {package:?} has no channel {channel:?}")
            }
        }
    }
}

impl std::error::Error for EditError {}

/// A copy of `catalog` whose `channel` of `package` also has `new.entry` (replacing an entry
/// of the same name), and whose package has a bundle for it (an image-less placeholder marked
/// as such, when the package did not have one).
///
/// # Complexity
/// O(size of the catalog) for the copy, plus O(V) for V entries of the channel.
pub fn with_entry(
    catalog: &Catalog,
    package: &str,
    channel: &str,
    new: &NewEntry,
) -> Result<Catalog, EditError> {
    if new.entry.name.trim().is_empty() {
        return Err(EditError::EmptyName);
    }
    let mut out = catalog.clone();
    let pkg = out
        .packages
        .iter_mut()
        .find(|p| p.name == package)
        .ok_or_else(|| EditError::UnknownPackage {
            package: package.to_string(),
        })?;
    let ch = pkg
        .channels
        .iter_mut()
        .find(|c| c.name == channel)
        .ok_or_else(|| EditError::UnknownChannel {
            package: package.to_string(),
            channel: channel.to_string(),
        })?;
    match ch.entries.iter_mut().find(|e| e.name == new.entry.name) {
        Some(e) => *e = new.entry.clone(),
        None => ch.entries.push(new.entry.clone()),
    }
    if pkg.bundle(&new.entry.name).is_none() {
        let version = new.version.clone();
        let b = Bundle {
            name: new.entry.name.clone(),
            package: package.to_string(),
            version_text: version.as_ref().map(ToString::to_string),
            version,
            package_property_count: 1,
            package_property_name: Some(package.to_string()),
            display_name: Some("(what-if: not published)".into()),
            ..Bundle::default()
        };
        let at = pkg
            .bundles
            .binary_search_by(|x| x.name.as_str().cmp(&b.name))
            .unwrap_or_else(|e| e);
        pkg.bundles.insert(at, b);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolve::{
        resolve_path, Failure, FailureKind, Outcome, PathOptions, Resolver, UpgradeStrategy,
    };
    use crate::{load_files, InputFile};

    #[test]
    fn an_added_entry_unblocks_a_fail_forward_path() {
        let y = "schema: olm.package\nname: ff\ndefaultChannel: s\n---\nschema: olm.channel\npackage: ff\nname: s\nentries:\n- name: f1\n- name: f2\n  replaces: f1\n---\nschema: olm.bundle\npackage: ff\nname: f1\nimage: x\nproperties:\n- {type: olm.package, value: {packageName: ff, version: 1.0.0}}\n---\nschema: olm.bundle\npackage: ff\nname: f2\nimage: x\nproperties:\n- {type: olm.package, value: {packageName: ff, version: 2.0.0}}\n";
        let c = load_files(vec![InputFile::new("ff.yaml", y)]);
        let options = PathOptions {
            resolver: Resolver::V0,
            channel: Some("s".into()),
            failure: Some(Failure {
                bundle: "f2".into(),
                kind: FailureKind::Csv,
                strategy: UpgradeStrategy::TechPreviewUnsafeFailForward,
            }),
            ..PathOptions::default()
        };
        assert_eq!(
            resolve_path(&c, "ff", "f1", &options, None)
                .unwrap()
                .outcome,
            Outcome::WaitingForCatalogUpdate
        );
        let fix = NewEntry {
            entry: ChannelEntry {
                name: "f3".into(),
                replaces: Some("f2".into()),
                ..ChannelEntry::default()
            },
            version: Some(Version::parse("3.0.0").unwrap()),
        };
        let updated = with_entry(&c, "ff", "s", &fix).unwrap();
        let p = resolve_path(&c, "ff", "f1", &options, Some(&updated)).unwrap();
        assert_eq!(p.outcome, Outcome::UpToDate);
        assert_eq!(p.end, "f3");
        assert!(
            c.package("ff").unwrap().bundle("f3").is_none(),
            "the original is untouched"
        );
        assert_eq!(
            with_entry(&c, "ff", "nope", &fix).unwrap_err().to_string(),
            "package \"ff\" has no channel \"nope\""
        );
        assert_eq!(
            with_entry(&c, "zz", "s", &fix).unwrap_err(),
            EditError::UnknownPackage {
                package: "zz".into()
            }
        );
    }
}
