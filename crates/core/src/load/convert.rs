//! From raw objects to the model, as opm's `ConvertToModel` does, with its error texts.
//!
//! opm stops at the first error; olm-graph reports every one and keeps what it can, so a partly
//! valid catalog still shows its graphs. Objects naming an unknown package are attached to an
//! undeclared package (and reported), objects that cannot be placed at all are dropped (and
//! reported).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use super::raw::{PropValue, RawEntry, RawObject};
use crate::diag::{Diagnostic, Location};
use crate::model::{Bundle, Channel, ChannelEntry, Deprecations, Icon, Package};
use crate::semver::Version;

/// A checked object, ready to be placed in the model.
#[derive(Debug)]
pub(crate) enum Obj {
    Package(Package),
    Channel(Channel),
    Bundle(Bundle),
    Deprecations(DeprecationObj),
}

/// An `olm.deprecations` object.
#[derive(Debug)]
pub(crate) struct DeprecationObj {
    pub package: String,
    /// (reference schema, reference name, message)
    pub entries: Vec<(String, String, String)>,
    pub location: Location,
}

/// Context for the diagnostics of one object.
struct Ctx<'a> {
    loc: &'a Location,
    schema: &'a str,
    name: &'a str,
}

impl Ctx<'_> {
    fn err(&self, field: &str, message: impl Into<String>) -> Diagnostic {
        let mut d = Diagnostic::error("load.field", message)
            .at(self.loc.clone())
            .schema(self.schema)
            .field(field);
        if !self.name.is_empty() {
            d = d.name(self.name);
        }
        d
    }
}

/// A string field: absent or null is `None`; a number or boolean (YAML 1.1 typing) is an error,
/// as it is for opm's Go structs.
fn opt_str(
    v: &Option<Value>,
    field: &str,
    ctx: &Ctx,
    diags: &mut Vec<Diagnostic>,
) -> Option<String> {
    match v {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(other) => {
            let hint = match other {
                Value::Number(_) | Value::Bool(_) => " (quote it in YAML)",
                _ => "",
            };
            diags.push(ctx.err(
                field,
                format!(
                    "must be a string, found {} {}{hint}",
                    kind_of(other),
                    short_json(other)
                ),
            ));
            None
        }
    }
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "list",
        Value::Object(_) => "object",
    }
}

fn short_json(v: &Value) -> String {
    let s = v.to_string();
    if s.len() > 60 {
        let mut end = 60;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        format!("{}…", &s[..end])
    } else {
        s
    }
}

/// Turns a raw object into a checked one. `Ok(None)` for an object olm-graph keeps as "other".
pub(crate) fn convert_object(
    raw: RawObject,
    loc: &Location,
    diags: &mut Vec<Diagnostic>,
) -> Result<Obj, Option<String>> {
    let name_ctx = Ctx {
        loc,
        schema: "",
        name: "",
    };
    let schema = opt_str(&raw.schema, "schema", &name_ctx, diags).unwrap_or_default();
    let name = opt_str(
        &raw.name,
        "name",
        &Ctx {
            schema: &schema,
            ..name_ctx
        },
        diags,
    )
    .unwrap_or_default();
    let ctx = Ctx {
        loc,
        schema: &schema,
        name: &name,
    };
    for (key, spellings) in &raw.duplicate_meta_keys {
        let mut uniq: Vec<&String> = spellings.iter().collect();
        uniq.sort();
        uniq.dedup();
        if uniq.len() > 1 {
            diags.push(ctx.err(key, format!("duplicate keys for key {key:?}: {uniq:?}")));
        }
    }
    for key in &raw.inexact_keys {
        diags.push(
            Diagnostic::warning(
                "load.key-case",
                format!("key {key:?} matched a field only when ignoring case; opm accepts it, other tools may not"),
            )
            .at(loc.clone())
            .schema(&schema)
            .field(key.as_str())
            .suggest("spell the key exactly as the FBC schema does (camelCase)"),
        );
    }
    let package = opt_str(&raw.package, "package", &ctx, diags).unwrap_or_default();
    match schema.as_str() {
        "olm.package" => {
            let icon = raw.icon.and_then(|i| {
                let data = opt_str(&i.base64data, "icon.base64data", &ctx, diags)?;
                let media_type =
                    opt_str(&i.mediatype, "icon.mediatype", &ctx, diags).unwrap_or_default();
                Some(Icon {
                    media_type,
                    base64_data: data,
                })
            });
            Ok(Obj::Package(Package {
                name: name.clone(),
                declared: true,
                default_channel: opt_str(&raw.default_channel, "defaultChannel", &ctx, diags)
                    .filter(|s| !s.is_empty()),
                description: opt_str(&raw.description, "description", &ctx, diags),
                icon,
                location: Some(loc.clone()),
                ..Package::default()
            }))
        }
        "olm.channel" => {
            let entries = raw
                .entries
                .unwrap_or_default()
                .into_iter()
                .enumerate()
                .filter_map(|(i, e)| channel_entry(e, i, &ctx, diags))
                .collect();
            Ok(Obj::Channel(Channel {
                name: name.clone(),
                package,
                entries,
                location: Some(loc.clone()),
            }))
        }
        "olm.bundle" => Ok(Obj::Bundle(bundle(
            raw.properties,
            raw.image,
            raw.related_images,
            name.clone(),
            package,
            &ctx,
            diags,
        ))),
        "olm.deprecations" => {
            let mut entries = Vec::new();
            for (i, e) in raw.entries.unwrap_or_default().into_iter().enumerate() {
                let field = format!("entries[{i}]");
                let r = e.reference.unwrap_or_default();
                let s = opt_str(&r.schema, &format!("{field}.reference.schema"), &ctx, diags)
                    .unwrap_or_default();
                let n = opt_str(&r.name, &format!("{field}.reference.name"), &ctx, diags)
                    .unwrap_or_default();
                let m = opt_str(&e.message, &format!("{field}.message"), &ctx, diags)
                    .unwrap_or_default();
                entries.push((s, n, m));
            }
            Ok(Obj::Deprecations(DeprecationObj {
                package,
                entries,
                location: loc.clone(),
            }))
        }
        "" => {
            diags.push(ctx.err("schema", "object is missing root schema field"));
            Err(None)
        }
        other => Err(Some(other.to_string())),
    }
}

fn channel_entry(
    e: RawEntry,
    i: usize,
    ctx: &Ctx,
    diags: &mut Vec<Diagnostic>,
) -> Option<ChannelEntry> {
    let field = format!("entries[{i}]");
    for key in &e.inexact_keys {
        diags.push(
            Diagnostic::warning(
                "load.key-case",
                format!("key {key:?} matched a field only when ignoring case; opm accepts it, other tools may not"),
            )
            .at(ctx.loc.clone())
            .schema(ctx.schema)
            .name(ctx.name)
            .field(format!("{field}.{key}")),
        );
    }
    let name = opt_str(&e.name, &format!("{field}.name"), ctx, diags).unwrap_or_default();
    let replaces =
        opt_str(&e.replaces, &format!("{field}.replaces"), ctx, diags).filter(|s| !s.is_empty());
    let mut skips = Vec::new();
    for (j, s) in e.skips.unwrap_or_default().iter().enumerate() {
        match s {
            Value::String(s) => skips.push(s.clone()),
            Value::Null => skips.push(String::new()),
            other => diags.push(ctx.err(
                &format!("{field}.skips[{j}]"),
                format!(
                    "must be a string, found {} {}",
                    kind_of(other),
                    short_json(other)
                ),
            )),
        }
    }
    let skip_range =
        opt_str(&e.skip_range, &format!("{field}.skipRange"), ctx, diags).filter(|s| !s.is_empty());
    Some(ChannelEntry {
        name,
        replaces,
        skips,
        skip_range,
    })
}

fn value_to_string(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

#[allow(clippy::too_many_arguments)]
fn bundle(
    properties: Option<Vec<super::raw::RawProperty>>,
    image: Option<Value>,
    related_images: usize,
    name: String,
    package: String,
    ctx: &Ctx,
    diags: &mut Vec<Diagnostic>,
) -> Bundle {
    let mut b = Bundle {
        name,
        package,
        image: opt_str(&image, "image", ctx, diags).filter(|s| !s.is_empty()),
        related_images,
        location: Some(ctx.loc.clone()),
        ..Bundle::default()
    };
    for (i, p) in properties.unwrap_or_default().into_iter().enumerate() {
        let type_ = p.type_.unwrap_or_default();
        *b.property_counts.entry(type_.clone()).or_default() += 1;
        let field = format!("properties[{i}].value");
        match (type_.as_str(), p.value) {
            ("olm.package", Some(PropValue::Package(pp))) => {
                b.package_property_count += 1;
                if b.package_property_count == 1 {
                    b.package_property_name = opt_str(
                        &pp.package_name,
                        &format!("{field}.packageName"),
                        ctx,
                        diags,
                    );
                    b.version_text = opt_str(&pp.version, &format!("{field}.version"), ctx, diags);
                    b.release = opt_str(&pp.release, &format!("{field}.release"), ctx, diags)
                        .filter(|s| !s.is_empty());
                }
            }
            ("olm.package", _) => b.package_property_count += 1,
            ("olm.bundle.object", _) => b.bundle_objects += 1,
            ("olm.deprecated", _) => b.legacy_deprecated = true,
            ("olm.maxOpenShiftVersion", Some(PropValue::Json(v))) => {
                b.max_openshift_version = value_to_string(&v);
            }
            ("olm.csv.metadata", Some(PropValue::CsvMetadata(m))) => {
                b.display_name = m.display_name.as_ref().and_then(value_to_string);
                b.description = m.description.as_ref().and_then(value_to_string);
                b.min_kube_version = m.min_kube_version.as_ref().and_then(value_to_string);
                b.provider = m
                    .provider
                    .as_ref()
                    .and_then(|p| p.get("name"))
                    .and_then(value_to_string);
            }
            _ => {}
        }
    }
    if let Some(text) = &b.version_text {
        match Version::parse(text) {
            Ok(v) => b.version = Some(v),
            Err(e) => diags.push(
                ctx.err(
                    "properties[olm.package].version",
                    format!("error parsing bundle {:?} version {:?}: {e}", b.name, text),
                )
                .package(&b.package)
                .bundle(&b.name),
            ),
        }
    }
    b
}

/// Places checked objects into packages, reporting opm's conversion errors.
pub(crate) fn assemble(objs: Vec<Obj>, diags: &mut Vec<Diagnostic>) -> Vec<Package> {
    let mut packages: BTreeMap<String, Package> = BTreeMap::new();
    let mut channels = Vec::new();
    let mut bundles = Vec::new();
    let mut deprecations = Vec::new();
    for o in objs {
        match o {
            Obj::Package(p) => {
                let loc = p.location.clone();
                if p.name.is_empty() {
                    diags.push(
                        conv("config contains package with no name", loc).schema("olm.package"),
                    );
                    continue;
                }
                if !is_dns1123_label(&p.name) {
                    diags.push(
                        conv(
                            format!("invalid package name {:?}: {}", p.name, DNS1123_MESSAGE),
                            loc.clone(),
                        )
                        .schema("olm.package")
                        .package(&p.name),
                    );
                }
                match packages.get_mut(&p.name) {
                    Some(existing) if existing.declared => diags.push(
                        conv(format!("duplicate package {:?}", p.name), loc)
                            .schema("olm.package")
                            .package(&p.name),
                    ),
                    Some(existing) => {
                        // Only placeholders so far (not possible: packages come first), keep data.
                        existing.declared = true;
                        existing.default_channel = p.default_channel;
                        existing.description = p.description;
                        existing.icon = p.icon;
                        existing.location = p.location;
                    }
                    None => {
                        packages.insert(p.name.clone(), p);
                    }
                }
            }
            Obj::Channel(c) => channels.push(c),
            Obj::Bundle(b) => bundles.push(b),
            Obj::Deprecations(d) => deprecations.push(d),
        }
    }

    let undeclared = |packages: &mut BTreeMap<String, Package>, name: &str| {
        packages.entry(name.to_string()).or_insert_with(|| Package {
            name: name.to_string(),
            declared: false,
            ..Package::default()
        });
    };

    for c in channels {
        let loc = c.location.clone();
        if !packages.get(&c.package).is_some_and(|p| p.declared) {
            diags.push(
                conv(
                    format!("unknown package {:?} for channel {:?}", c.package, c.name),
                    loc.clone(),
                )
                .schema("olm.channel")
                .package(&c.package)
                .channel(&c.name)
                .field("package"),
            );
            if c.package.is_empty() {
                continue;
            }
            undeclared(&mut packages, &c.package);
        }
        if c.name.is_empty() {
            diags.push(
                conv(
                    format!("package {:?} contains channel with no name", c.package),
                    loc,
                )
                .schema("olm.channel")
                .package(&c.package)
                .field("name"),
            );
            continue;
        }
        let Some(pkg) = packages.get_mut(&c.package) else {
            continue; // not reachable: unknown packages were added as undeclared above
        };
        if pkg.channels.iter().any(|x| x.name == c.name) {
            diags.push(
                conv(
                    format!("package {:?} has duplicate channel {:?}", c.package, c.name),
                    loc,
                )
                .schema("olm.channel")
                .package(&c.package)
                .channel(&c.name),
            );
            continue;
        }
        let mut seen = BTreeSet::new();
        let mut entries = Vec::with_capacity(c.entries.len());
        for e in c.entries {
            if !seen.insert(e.name.clone()) {
                diags.push(
                    conv(
                        format!(
                            "invalid package {:?}, channel {:?}: duplicate entry {:?}",
                            c.package, c.name, e.name
                        ),
                        loc.clone(),
                    )
                    .schema("olm.channel")
                    .package(&c.package)
                    .channel(&c.name)
                    .bundle(&e.name)
                    .field("entries"),
                );
                continue;
            }
            entries.push(e);
        }
        pkg.channels.push(Channel { entries, ..c });
    }

    for b in bundles {
        let loc = b.location.clone();
        if b.name.is_empty() {
            diags.push(
                conv(
                    format!(
                        "package {:?} contains a bundle with no name: not loaded",
                        b.package
                    ),
                    loc,
                )
                .schema("olm.bundle")
                .package(&b.package)
                .field("name"),
            );
            continue;
        }
        if b.package.is_empty() {
            diags.push(
                conv(
                    format!("package name must be set for bundle {:?}", b.name),
                    loc,
                )
                .schema("olm.bundle")
                .bundle(&b.name)
                .field("package"),
            );
            continue;
        }
        if !packages.get(&b.package).is_some_and(|p| p.declared) {
            diags.push(
                conv(
                    format!("unknown package {:?} for bundle {:?}", b.package, b.name),
                    loc.clone(),
                )
                .schema("olm.bundle")
                .package(&b.package)
                .bundle(&b.name)
                .field("package"),
            );
            undeclared(&mut packages, &b.package);
        }
        if b.package_property_count != 1 {
            diags.push(
                conv(
                    format!(
                        "package {:?} bundle {:?} must have exactly 1 \"olm.package\" property, found {}",
                        b.package, b.name, b.package_property_count
                    ),
                    loc.clone(),
                )
                .schema("olm.bundle")
                .package(&b.package)
                .bundle(&b.name)
                .field("properties"),
            );
        } else if let Some(pn) = &b.package_property_name {
            if *pn != b.package {
                diags.push(
                    conv(
                        format!(
                            "package {:?} does not match \"olm.package\" property {:?}",
                            b.package, pn
                        ),
                        loc.clone(),
                    )
                    .schema("olm.bundle")
                    .package(&b.package)
                    .bundle(&b.name)
                    .field("properties[olm.package].packageName"),
                );
            }
        }
        let Some(pkg) = packages.get_mut(&b.package) else {
            continue; // not reachable: unknown packages were added as undeclared above
        };
        if pkg.bundles.iter().any(|x| x.name == b.name) {
            diags.push(
                conv(
                    format!("package {:?} has duplicate bundle {:?}", b.package, b.name),
                    loc,
                )
                .schema("olm.bundle")
                .package(&b.package)
                .bundle(&b.name),
            );
            continue;
        }
        pkg.bundles.push(b);
    }

    for pkg in packages.values_mut() {
        pkg.channels.sort_by(|a, b| a.name.cmp(&b.name));
        pkg.bundles.sort_by(|a, b| a.name.cmp(&b.name));
        // Bundle ↔ entry linkage, checked for every channel (opm checks only the last one).
        for b in &pkg.bundles {
            if !pkg.channels.iter().any(|c| c.entry(&b.name).is_some()) {
                diags.push(
                    conv(
                        format!(
                            "package {:?}, bundle {:?} not found in any channel entries",
                            pkg.name, b.name
                        ),
                        b.location.clone(),
                    )
                    .schema("olm.bundle")
                    .package(&pkg.name)
                    .bundle(&b.name),
                );
            }
        }
        for c in &pkg.channels {
            let mut missing: Vec<&str> = c
                .entries
                .iter()
                .filter(|e| pkg.bundle_index(&e.name).is_none())
                .map(|e| e.name.as_str())
                .collect();
            if !missing.is_empty() {
                missing.sort();
                diags.push(
                    conv(
                        format!(
                            "no olm.bundle blobs found in package {:?} for olm.channel entries [{}]",
                            pkg.name,
                            missing.join(" ")
                        ),
                        c.location.clone(),
                    )
                    .schema("olm.channel")
                    .package(&pkg.name)
                    .channel(&c.name),
                );
            }
        }
    }

    let mut seen_dep = BTreeSet::new();
    for d in deprecations {
        let loc = Some(d.location.clone());
        if d.package.is_empty() {
            diags.push(
                conv("package name must be set for deprecation item", loc)
                    .schema("olm.deprecations")
                    .field("package"),
            );
            continue;
        }
        let Some(pkg) = packages.get_mut(&d.package).filter(|p| p.declared) else {
            diags.push(
                conv(
                    format!(
                        "cannot apply deprecations to an unknown package {:?}",
                        d.package
                    ),
                    loc,
                )
                .schema("olm.deprecations")
                .package(&d.package)
                .field("package"),
            );
            continue;
        };
        if !seen_dep.insert(d.package.clone()) {
            diags.push(
                conv(
                    format!(
                        "expected a maximum of one deprecation per package: {:?}",
                        d.package
                    ),
                    loc,
                )
                .schema("olm.deprecations")
                .package(&d.package),
            );
            continue;
        }
        let mut out = Deprecations {
            location: loc.clone(),
            ..Deprecations::default()
        };
        let mut refs = BTreeSet::new();
        for (j, (schema, name, message)) in d.entries.into_iter().enumerate() {
            let field = format!("entries[{j}].reference");
            let dep_diag = |msg: String| {
                conv(msg, loc.clone())
                    .schema("olm.deprecations")
                    .package(&d.package)
                    .field(field.clone())
            };
            if schema.is_empty() {
                diags.push(dep_diag(format!(
                    "schema must be set for deprecation entry [{j}] for package {:?}",
                    d.package
                )));
                continue;
            }
            let go_ref =
                format!("declcfg.PackageScopedReference{{Schema:{schema:?}, Name:{name:?}}}");
            if !refs.insert((schema.clone(), name.clone())) {
                diags.push(dep_diag(format!(
                    "duplicate deprecation entry {go_ref} for package {:?}",
                    d.package
                )));
                continue;
            }
            match schema.as_str() {
                "olm.bundle" => {
                    if pkg.bundle_index(&name).is_none() {
                        diags.push(dep_diag(format!(
                            "cannot deprecate bundle {name:?} for package {:?}: bundle not found",
                            d.package
                        )));
                        continue;
                    }
                    out.bundles.insert(name, message);
                }
                "olm.channel" => {
                    if pkg.channel(&name).is_none() {
                        diags.push(dep_diag(format!(
                            "cannot deprecate channel {name:?} for package {:?}: channel not found",
                            d.package
                        )));
                        continue;
                    }
                    out.channels.insert(name, message);
                }
                "olm.package" => {
                    if !name.is_empty() {
                        diags.push(dep_diag(format!(
                            "package name must be empty for deprecated package {:?} (specified {name:?})",
                            d.package
                        )));
                        continue;
                    }
                    out.package = Some(message);
                }
                _ => diags.push(dep_diag(format!(
                    "cannot deprecate object {go_ref} referenced by entry {j} for package {:?}: object schema unknown",
                    d.package
                ))),
            }
        }
        pkg.deprecations = out;
    }

    packages.into_values().collect()
}

fn conv(message: impl Into<String>, loc: Option<Location>) -> Diagnostic {
    Diagnostic::error("opm.convert", message).at_opt(loc)
}

/// The message Kubernetes' `IsDNS1123Label` gives for a name that is not a DNS-1123 label.
pub(crate) const DNS1123_MESSAGE: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

/// `[a-z0-9]([-a-z0-9]*[a-z0-9])?`, at most 63 characters.
pub(crate) fn is_dns1123_label(s: &str) -> bool {
    let b = s.as_bytes();
    let ok = |c: &u8| c.is_ascii_lowercase() || c.is_ascii_digit();
    !b.is_empty()
        && b.len() <= 63
        && ok(&b[0])
        && ok(&b[b.len() - 1])
        && b.iter().all(|c| ok(c) || *c == b'-')
}
