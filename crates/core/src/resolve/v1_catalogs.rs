//! OLM v1 across several ClusterCatalogs, as operator-controller's `CatalogResolver.Resolve`
//! combines them (spec/olm.md §8).
//!
//! Each catalog that has the package picks its own best candidate (the installed bundle
//! included) by OLM v1's ranking ([`super::v1`]). Across catalogs, versions are never compared:
//! non-deprecated picks win over deprecated ones, then the highest `spec.priority` wins, and a
//! tie at the top priority is OLM v1's error `found bundles for package "p" ... in multiple
//! catalogs with the same priority [a b]` (naming every catalog still in the running, sorted).
//! No pick at all is `no bundles found for package "p" ...`.

use std::collections::HashSet;
use std::fmt;

use serde::Serialize;

use super::hop::HopResolver;
use super::v1::Pick;
use super::{Alternative, Installed, PathOptions, Reason, Resolver};
use crate::model::Catalog;
use crate::sort::SortWith;

/// One ClusterCatalog: its name, `spec.priority` (0 when unset) and contents.
#[derive(Debug, Clone, Copy)]
pub struct ClusterCatalog<'a> {
    /// The ClusterCatalog's `metadata.name`, which names it in every result.
    pub name: &'a str,
    /// Its `spec.priority`: across catalogs, the highest priority's pick wins (after
    /// non-deprecated picks over deprecated ones).
    pub priority: i32,
    /// What it serves.
    pub catalog: &'a Catalog,
}

/// OLM v1's `resolutionError`: no catalog has a candidate, or several tie.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResolutionError {
    /// The package being resolved.
    pub package: String,
    /// The installed bundle's version, when something is installed.
    pub installed_version: Option<String>,
    /// The ClusterExtension's version range, as written.
    pub version: Option<String>,
    /// The ClusterExtension's channels.
    pub channels: Vec<String>,
    /// The catalogs whose picks tie (empty when none has a candidate).
    pub catalogs: Vec<String>,
}

impl fmt::Display for ResolutionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::semver::go_quote;
        let mut parts: Vec<String> = Vec::new();
        if let Some(v) = &self.installed_version {
            parts.push(format!(
                "error upgrading from currently installed version {}:",
                go_quote(v)
            ));
        }
        let found = if self.catalogs.len() > 1 {
            "found bundles for package"
        } else {
            "no bundles found for package"
        };
        parts.push(format!("{found} {}", go_quote(&self.package)));
        if let Some(v) = self.version.as_deref().filter(|v| !v.is_empty()) {
            parts.push(format!("matching version {}", go_quote(v)));
        }
        if !self.channels.is_empty() {
            parts.push(format!("in channels [{}]", self.channels.join(" ")));
        }
        if self.catalogs.len() > 1 {
            parts.push(format!(
                "in multiple catalogs with the same priority [{}]",
                self.catalogs.join(" ")
            ));
        }
        f.write_str(&parts.join(" "))
    }
}

impl std::error::Error for ResolutionError {}

impl ResolutionError {
    /// OLM v1's error for `package` from `installed` (`None` for a new install) under the
    /// ClusterExtension's `options`, the tied catalogs named in `catalogs` (none: nothing was
    /// found at all).
    pub(crate) fn new(
        package: &str,
        installed: Option<&Installed>,
        options_version: Option<String>,
        channels: Vec<String>,
        mut catalogs: Vec<String>,
    ) -> ResolutionError {
        catalogs.sort_ord();
        ResolutionError {
            package: package.to_string(),
            installed_version: installed.map(|i| {
                i.version
                    .as_ref()
                    .map_or_else(|| i.name.clone(), ToString::to_string)
            }),
            version: options_version,
            channels,
            catalogs,
        }
    }

    /// OLM v1's error in a single catalog: not even the installed bundle is a candidate (it is
    /// outside the version range or the channels, and no successor is inside them).
    ///
    /// # Complexity
    /// O(C) for the C channels named.
    pub(crate) fn none_found(
        package: &str,
        installed: &Installed,
        options: &PathOptions,
    ) -> ResolutionError {
        ResolutionError::new(
            package,
            Some(installed),
            options.version.as_ref().map(|v| v.text().to_string()),
            wanted_channels(options),
            Vec::new(),
        )
    }
}

/// The channels a ClusterExtension names: `channels`, then a single `channel`.
fn wanted_channels(options: &PathOptions) -> Vec<String> {
    options
        .channels
        .iter()
        .cloned()
        .chain(options.channel.clone())
        .collect()
}

/// A request that cannot be resolved across catalogs at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CatalogsError {
    /// Catalog priorities are OLM v1's (ClusterCatalog `spec.priority`).
    NotV1,
    /// Two catalogs have the same name.
    DuplicateCatalog {
        /// The name both carry.
        name: String,
    },
    /// A catalog's package cannot be indexed under the options.
    Catalog {
        /// The catalog's name.
        catalog: String,
        /// Why its package cannot be indexed.
        message: String,
    },
}

impl fmt::Display for CatalogsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CatalogsError::NotV1 => f.write_str(
                "catalog priorities are OLM v1's (ClusterCatalog spec.priority): resolve with OLM v1",
            ),
            CatalogsError::DuplicateCatalog { name } => {
                write!(f, "two catalogs are named {name:?}")
            }
            CatalogsError::Catalog { catalog, message } => {
                write!(f, "catalog {catalog:?}: {message}")
            }
        }
    }
}

impl std::error::Error for CatalogsError {}

/// Another catalog's pick, passed over, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PassedCatalog {
    /// The other catalog.
    pub catalog: String,
    /// The bundle it would have picked.
    pub bundle: String,
    /// Why it lost (deprecated, or a lower priority).
    pub why: String,
}

/// One resolution across catalogs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogStep {
    /// The catalog whose pick won.
    pub catalog: String,
    /// The bundle to move to, with the reasons; `None` when the winner is the installed bundle.
    pub chosen: Option<(String, Vec<Reason>)>,
    /// The winning catalog's candidates passed over.
    pub alternatives: Vec<Alternative>,
    /// The other catalogs' picks, passed over.
    pub other_catalogs: Vec<PassedCatalog>,
}

/// One catalog's package, indexed once.
struct Indexed<'a> {
    name: &'a str,
    priority: i32,
    resolver: HopResolver<'a>,
}

/// Resolution across several ClusterCatalogs: each catalog's package indexed once, then one
/// step at a time.
pub struct CatalogsResolver<'a> {
    package: String,
    /// Nothing is installed yet: errors carry no installed version.
    installing: bool,
    catalogs: Vec<Indexed<'a>>,
    version: Option<String>,
    channels: Vec<String>,
}

/// A catalog's pick, in the running.
struct Candidate<'r> {
    at: usize,
    pick: Pick,
    best: &'r str,
    deprecated: bool,
}

impl<'a> CatalogsResolver<'a> {
    /// Indexes `package` in every catalog that has it. A ClusterExtension's channels keep, in
    /// each catalog, those it has; a catalog with none of them takes no part (OLM v1 finds no
    /// bundle there).
    ///
    /// # Complexity
    /// O(Σ (V + E) log V) for V entries and E edges of each catalog's considered channels.
    pub fn new(
        catalogs: &[ClusterCatalog<'a>],
        package: &str,
        options: &PathOptions,
    ) -> Result<CatalogsResolver<'a>, CatalogsError> {
        if options.resolver != Resolver::V1 {
            return Err(CatalogsError::NotV1);
        }
        let mut names = HashSet::new();
        let mut indexed = Vec::new();
        let wanted = wanted_channels(options);
        for c in catalogs {
            if !names.insert(c.name) {
                return Err(CatalogsError::DuplicateCatalog {
                    name: c.name.to_string(),
                });
            }
            let Some(pkg) = c.catalog.package(package) else {
                continue;
            };
            let present: Vec<String> = wanted
                .iter()
                .filter(|w| pkg.channel(w).is_some())
                .cloned()
                .collect();
            if !wanted.is_empty() && present.is_empty() {
                continue;
            }
            let own = PathOptions {
                channel: None,
                channels: present,
                ..options.clone()
            };
            let resolver = HopResolver::new(pkg, &own).map_err(|e| CatalogsError::Catalog {
                catalog: c.name.to_string(),
                message: e.message,
            })?;
            indexed.push(Indexed {
                name: c.name,
                priority: c.priority,
                resolver,
            });
        }
        indexed.sort_with(|a, b| a.name.cmp(b.name));
        Ok(CatalogsResolver {
            package: package.to_string(),
            installing: false,
            catalogs: indexed,
            version: options.version.as_ref().map(|v| v.text().to_string()),
            channels: wanted,
        })
    }

    /// The bundle `name` as the catalogs know it: the first catalog (by name) with its bundle
    /// object, else the first listing it, else by name alone.
    ///
    /// # Complexity
    /// O(K·C) for K catalogs of C considered channels.
    pub fn installed(&self, name: &str) -> Installed {
        let known = |r: &HopResolver| r.package().bundle(name).is_some();
        if let Some(c) = self.catalogs.iter().find(|c| known(&c.resolver)) {
            return c.resolver.installed(name);
        }
        let all = self.catalogs.iter().map(|c| c.resolver.installed(name));
        let mut fallback = None;
        for i in all {
            if i.version.is_some() {
                return i;
            }
            fallback.get_or_insert(i);
        }
        fallback.unwrap_or(Installed {
            name: name.to_string(),
            version: None,
            release: None,
        })
    }

    /// One resolution from `installed` across the catalogs, or OLM v1's error.
    ///
    /// # Complexity
    /// O(K·(C + k log k) + K log K) for K catalogs, C considered channels and k candidates
    /// per catalog.
    pub fn next(&self, installed: &Installed) -> Result<CatalogStep, ResolutionError> {
        let picks: Vec<(usize, Pick)> = self
            .catalogs
            .iter()
            .enumerate()
            .map(|(i, c)| (i, c.resolver.v1_pick(installed)))
            .collect();
        let mut running: Vec<Candidate> = picks
            .iter()
            .filter_map(|(at, pick)| {
                let best = pick.best.as_ref()?;
                Some(Candidate {
                    at: *at,
                    pick: pick.clone(),
                    best: best.name.as_str(),
                    deprecated: best.deprecated,
                })
            })
            .collect();
        let mut passed = Vec::new();
        if running.iter().any(|c| !c.deprecated) {
            let (keep, drop): (Vec<_>, Vec<_>) = running.into_iter().partition(|c| !c.deprecated);
            for d in drop {
                passed.push(self.passed(
                    &d,
                    "deprecated: OLM v1 prefers a non-deprecated pick of another catalog".into(),
                ));
            }
            running = keep;
        }
        running.sort_keyed(|c| std::cmp::Reverse(self.catalogs[c.at].priority));
        let priority = |c: &Candidate| self.catalogs[c.at].priority;
        if let [first, second, ..] = running.as_slice() {
            let (top, winner) = (priority(first), self.catalogs[first.at].name);
            if top != priority(second) {
                for d in running.split_off(1) {
                    let why = format!("lower priority: {} is below {winner}'s {top}", priority(&d));
                    passed.push(self.passed(&d, why));
                }
            }
        }
        if running.len() != 1 {
            return Err(self.error(installed, &running));
        }
        let won = running.remove(0);
        Ok(CatalogStep {
            catalog: self.catalogs[won.at].name.to_string(),
            chosen: won.pick.choice.chosen,
            alternatives: won.pick.choice.alternatives,
            other_catalogs: passed,
        })
    }

    fn passed(&self, c: &Candidate, why: String) -> PassedCatalog {
        PassedCatalog {
            catalog: self.catalogs[c.at].name.to_string(),
            bundle: c.best.to_string(),
            why,
        }
    }

    fn error(&self, installed: &Installed, running: &[Candidate]) -> ResolutionError {
        let catalogs: Vec<String> = running
            .iter()
            .map(|c| self.catalogs[c.at].name.to_string())
            .collect();
        ResolutionError::new(
            &self.package,
            (!self.installing).then_some(installed),
            self.version.clone(),
            self.channels.clone(),
            catalogs,
        )
    }
}

/// What a new ClusterExtension installs from `catalogs`: with nothing installed there is no
/// successor test, so every bundle of the considered channels (inside the version range) is a
/// candidate, as under `SelfCertified`.
///
/// # Complexity
/// O(Σ (V + E) log V) to index every catalog, then O(Σ V log V) to rank their bundles.
pub fn resolve_install(
    catalogs: &[ClusterCatalog],
    package: &str,
    options: &PathOptions,
) -> Result<Result<CatalogStep, ResolutionError>, CatalogsError> {
    let any = PathOptions {
        policy: super::UpgradeConstraintPolicy::SelfCertified,
        ..options.clone()
    };
    let mut r = CatalogsResolver::new(catalogs, package, &any)?;
    r.installing = true;
    let nothing = Installed {
        name: String::new(),
        version: None,
        release: None,
    };
    Ok(r.next(&nothing))
}

/// One hop of a path across catalogs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CatalogHop {
    /// The bundle the hop upgrades from.
    pub from: String,
    /// The bundle picked.
    pub to: String,
    /// The catalog the bundle comes from.
    pub catalog: String,
    /// Every reason the picked bundle is a successor.
    pub via: Vec<Reason>,
    /// The winning catalog's candidates passed over.
    pub alternatives: Vec<Alternative>,
    /// The other catalogs' picks, passed over.
    pub other_catalogs: Vec<PassedCatalog>,
}

impl CatalogHop {
    /// The hop as `olm-graph path --json` prints it across catalogs: the catalog, both
    /// bundles, and the kinds of edge that led there.
    ///
    /// # Complexity
    /// O(R) for the hop's R reasons.
    pub fn document(&self) -> serde_json::Value {
        let via: Vec<&str> = self.via.iter().map(|r| r.kind.as_str()).collect();
        serde_json::json!({"catalog": self.catalog, "from": self.from, "to": self.to, "via": via})
    }
}

/// The path a ClusterExtension takes across several catalogs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CatalogsPath {
    /// The package resolved.
    pub package: String,
    /// The installed bundle the path starts from.
    pub from: String,
    /// The bundle the path ends on.
    pub end: String,
    /// The upgrades, in order.
    pub hops: Vec<CatalogHop>,
    /// At the end: the catalogs' picks passed over by the last resolution.
    pub final_other_catalogs: Vec<PassedCatalog>,
    /// The resolution error the path stops on (`None`: it is up to date).
    pub error: Option<ResolutionError>,
}

/// The path from `from` under OLM v1 across `catalogs`, hop by hop until the winning pick is
/// the installed bundle, OLM v1 fails (a tie, or no bundle anywhere), or the path would come
/// back to a bundle it has been on.
///
/// # Complexity
/// O(Σ (V + E) log V) to index every catalog, then O(K·(C + k log k)) per hop, at most one
/// hop per entry of the considered channels.
pub fn resolve_path_across(
    catalogs: &[ClusterCatalog],
    package: &str,
    from: &str,
    options: &PathOptions,
) -> Result<CatalogsPath, CatalogsError> {
    let r = CatalogsResolver::new(catalogs, package, options)?;
    let mut path = CatalogsPath {
        package: package.to_string(),
        from: from.to_string(),
        end: from.to_string(),
        hops: Vec::new(),
        final_other_catalogs: Vec::new(),
        error: None,
    };
    let mut seen: HashSet<String> = HashSet::from([from.to_string()]);
    let mut installed = r.installed(from);
    loop {
        let step = match r.next(&installed) {
            Ok(step) => step,
            Err(e) => {
                path.error = Some(e);
                return Ok(path);
            }
        };
        let Some((to, via)) = step.chosen.clone().filter(|(to, _)| !seen.contains(to)) else {
            path.final_other_catalogs = step.other_catalogs;
            return Ok(path);
        };
        seen.insert(to.clone());
        path.hops.push(CatalogHop {
            from: path.end.clone(),
            to: to.clone(),
            catalog: step.catalog,
            via,
            alternatives: step.alternatives,
            other_catalogs: step.other_catalogs,
        });
        installed = r.installed(&to);
        path.end = to;
    }
}
