//! From raw objects to checked objects, as opm's `ConvertToModel` reads each one, with its
//! error texts: every field's type is checked and reported, and what can be kept is kept, so a
//! partly valid catalog still shows its graphs. Placing the objects into packages is
//! `assemble.rs`.

use serde_json::Value;

use crate::diag::{Diagnostic, Location, Rule};
use crate::load::object::{PropValue, RawEntry, RawObject};
use crate::model::{Bundle, BundleCrds, Channel, ChannelEntry, Icon, Package, PropertyCounts};
use crate::pullspec::validate_pull_spec;
use crate::release::parse_bundle_release;
use crate::semver::Version;
use crate::sort::SortWith;

/// A checked object, ready to be placed in the model.
#[derive(Debug)]
pub(crate) enum Obj {
    Package(Package),
    Channel(Channel),
    Bundle(Bundle),
    Deprecations(DeprecationObj),
}

/// Checked objects by kind, each kind in file order: kept apart so that a big catalog's bundles
/// are not held as wide as the widest kind, and in chunks so that they are never copied to grow
/// (they are moved once, into their packages).
#[derive(Debug, Default)]
pub(crate) struct Objects {
    pub packages: Vec<Package>,
    pub channels: Vec<Channel>,
    pub bundles: Chunks<Bundle>,
    pub deprecations: Vec<DeprecationObj>,
}

/// A list kept in chunks of fixed capacity: pushing never moves what is already there.
#[derive(Debug)]
pub(crate) struct Chunks<T> {
    chunks: Vec<Vec<T>>,
}

impl<T> Default for Chunks<T> {
    fn default() -> Self {
        Chunks { chunks: Vec::new() }
    }
}

impl<T> Chunks<T> {
    /// Items per chunk: big enough that the list of chunks stays short, small enough that an
    /// unused tail costs little.
    const CHUNK: usize = 1024;

    pub(crate) fn push(&mut self, item: T) {
        match self.chunks.last_mut() {
            Some(last) if last.len() < last.capacity() => last.push(item),
            _ => {
                let mut chunk = Vec::with_capacity(Self::CHUNK);
                chunk.push(item);
                self.chunks.push(chunk);
            }
        }
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = &T> {
        self.chunks.iter().flatten()
    }
}

impl<T> IntoIterator for Chunks<T> {
    type Item = T;
    type IntoIter = std::iter::Flatten<std::vec::IntoIter<Vec<T>>>;

    fn into_iter(self) -> Self::IntoIter {
        self.chunks.into_iter().flatten()
    }
}

impl Objects {
    pub(crate) fn push(&mut self, o: Obj) {
        match o {
            Obj::Package(p) => self.packages.push(p),
            Obj::Channel(c) => self.channels.push(c),
            Obj::Bundle(b) => self.bundles.push(b),
            Obj::Deprecations(d) => self.deprecations.push(d),
        }
    }
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
        let mut d = Diagnostic::error(Rule::LoadField, message)
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
    v: Option<Value>,
    field: impl FieldName,
    ctx: &Ctx,
    diags: &mut Vec<Diagnostic>,
) -> Option<String> {
    match v {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s),
        Some(other) => {
            let hint = match other {
                Value::Number(_) | Value::Bool(_) => " (quote it in YAML)",
                _ => "",
            };
            diags.push(ctx.err(
                &field.spell(),
                format!(
                    "must be a string, found {} {}{hint}",
                    kind_of(&other),
                    short_json(&other)
                ),
            ));
            None
        }
    }
}

/// A field's name in a finding: a fixed name, or one spelled out (with its indexes) only when
/// there is a finding, so that reading a good object formats nothing.
trait FieldName {
    fn spell(&self) -> String;
}

impl FieldName for &str {
    fn spell(&self) -> String {
        self.to_string()
    }
}

impl<F: Fn() -> String> FieldName for F {
    fn spell(&self) -> String {
        self()
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

/// Turns a raw object into a checked one: `Err(Some(schema))` for an object of another schema
/// (kept as "other"), `Err(None)` for one that cannot be read (reported).
pub(crate) fn convert_object(
    mut raw: RawObject,
    loc: &Location,
    diags: &mut Vec<Diagnostic>,
) -> Result<Obj, Option<String>> {
    let bare = Ctx {
        loc,
        schema: "",
        name: "",
    };
    let schema = opt_str(raw.schema.take(), "schema", &bare, diags).unwrap_or_default();
    let named = Ctx {
        schema: &schema,
        ..bare
    };
    let name = opt_str(raw.name.take(), "name", &named, diags).unwrap_or_default();
    let ctx = Ctx {
        loc,
        schema: &schema,
        name: &name,
    };
    key_problems(&raw, &ctx, diags);
    let package = opt_str(raw.package.take(), "package", &ctx, diags).unwrap_or_default();
    match schema.as_str() {
        "olm.package" => Ok(Obj::Package(package_obj(raw, &ctx, diags))),
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
        "olm.deprecations" => Ok(Obj::Deprecations(deprecations_obj(
            raw, package, &ctx, diags,
        ))),
        "" => {
            diags.push(ctx.err("schema", "object is missing root schema field"));
            Err(None)
        }
        other => Err(Some(other.to_string())),
    }
}

/// Keys opm rejects (`schema`, `package` or `name` spelled twice with different case) and keys
/// it accepts only ignoring case (a warning).
fn key_problems(raw: &RawObject, ctx: &Ctx, diags: &mut Vec<Diagnostic>) {
    for (key, spellings) in &raw.duplicate_meta_keys {
        let mut uniq: Vec<&String> = spellings.iter().collect();
        uniq.sort_ord();
        uniq.dedup();
        if uniq.len() > 1 {
            diags.push(ctx.err(key, format!("duplicate keys for key {key:?}: {uniq:?}")));
        }
    }
    for key in &raw.inexact_keys {
        diags.push(key_case(ctx, key, key.clone()));
    }
}

fn package_obj(raw: RawObject, ctx: &Ctx, diags: &mut Vec<Diagnostic>) -> Package {
    let icon = raw.icon.and_then(|i| {
        let data = opt_str(i.base64data, "icon.base64data", ctx, diags)?;
        let media_type = opt_str(i.mediatype, "icon.mediatype", ctx, diags).unwrap_or_default();
        Some(Icon {
            media_type,
            base64_data: data,
        })
    });
    Package {
        name: ctx.name.to_string(),
        declared: true,
        default_channel: opt_str(raw.default_channel, "defaultChannel", ctx, diags)
            .filter(|s| !s.is_empty()),
        description: opt_str(raw.description, "description", ctx, diags),
        icon,
        location: Some(ctx.loc.clone()),
        ..Package::default()
    }
}

fn deprecations_obj(
    raw: RawObject,
    package: String,
    ctx: &Ctx,
    diags: &mut Vec<Diagnostic>,
) -> DeprecationObj {
    let mut entries = Vec::new();
    for (i, e) in raw.entries.unwrap_or_default().into_iter().enumerate() {
        let r = e.reference.unwrap_or_default();
        let field = |f: &str| format!("entries[{i}].{f}");
        let s = opt_str(r.schema, || field("reference.schema"), ctx, diags).unwrap_or_default();
        let n = opt_str(r.name, || field("reference.name"), ctx, diags).unwrap_or_default();
        let m = opt_str(e.message, || field("message"), ctx, diags).unwrap_or_default();
        entries.push((s, n, m));
    }
    DeprecationObj {
        package,
        entries,
        location: ctx.loc.clone(),
    }
}

fn channel_entry(
    e: RawEntry,
    i: usize,
    ctx: &Ctx,
    diags: &mut Vec<Diagnostic>,
) -> Option<ChannelEntry> {
    let field = |f: &str| format!("entries[{i}].{f}");
    for key in &e.inexact_keys {
        diags.push(key_case(ctx, key, field(key)).name(ctx.name));
    }
    let name = opt_str(e.name, || field("name"), ctx, diags).unwrap_or_default();
    let replaces = opt_str(e.replaces, || field("replaces"), ctx, diags).filter(|s| !s.is_empty());
    let mut skips = Vec::new();
    for (j, s) in e.skips.unwrap_or_default().into_iter().enumerate() {
        match s {
            Value::String(s) => skips.push(s),
            Value::Null => skips.push(String::new()),
            other => diags.push(ctx.err(
                &field(&format!("skips[{j}]")),
                format!(
                    "must be a string, found {} {}",
                    kind_of(&other),
                    short_json(&other)
                ),
            )),
        }
    }
    let skip_range =
        opt_str(e.skip_range, || field("skipRange"), ctx, diags).filter(|s| !s.is_empty());
    Some(ChannelEntry {
        name,
        replaces,
        skips,
        skip_range,
    })
}

/// The warning for a key that matched its field only when ignoring case, at `field`.
fn key_case(ctx: &Ctx, key: &str, field: String) -> Diagnostic {
    Diagnostic::warning(
        Rule::LoadKeyCase,
        format!("key {key:?} matched a field only when ignoring case; opm accepts it, other tools may not"),
    )
    .at(ctx.loc.clone())
    .schema(ctx.schema)
    .field(field)
    .suggest("spell the key exactly as the FBC schema does (camelCase)")
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
    properties: Option<Vec<crate::load::object::RawProperty>>,
    image: Option<Value>,
    related_images: Option<Vec<Value>>,
    name: String,
    package: String,
    ctx: &Ctx,
    diags: &mut Vec<Diagnostic>,
) -> Bundle {
    let mut b = Bundle {
        name,
        package,
        image: opt_str(image, "image", ctx, diags).filter(|s| !s.is_empty()),
        related_images: related_images.as_ref().map_or(0, Vec::len),
        location: Some(ctx.loc.clone()),
        ..Bundle::default()
    };
    check_pull_specs(
        &b,
        related_images.as_deref().unwrap_or_default(),
        ctx,
        diags,
    );
    read_properties(&mut b, properties.unwrap_or_default(), ctx, diags);
    if let Some(release) = &b.release {
        if let Err(e) = parse_bundle_release(&b.name, release) {
            let field = "properties[olm.package].release";
            diags.push(
                ctx.err(field, e.to_string())
                    .package(&b.package)
                    .bundle(&b.name),
            );
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

/// Reads the properties olm-graph uses into `b`, counting every property by type.
///
/// # Complexity
/// O(P) for P properties.
fn read_properties(
    b: &mut Bundle,
    properties: Vec<crate::load::object::RawProperty>,
    ctx: &Ctx,
    diags: &mut Vec<Diagnostic>,
) {
    let mut types = Vec::with_capacity(properties.len());
    for (i, p) in properties.into_iter().enumerate() {
        let type_ = p.type_.unwrap_or_default();
        let value = p.value;
        let field = |f: &str| format!("properties[{i}].value.{f}");
        match (type_.as_str(), value) {
            ("olm.package", Some(PropValue::Package(pp))) => {
                b.package_property_count += 1;
                if b.package_property_count == 1 {
                    b.package_property_name =
                        opt_str(pp.package_name, || field("packageName"), ctx, diags);
                    b.version_text = opt_str(pp.version, || field("version"), ctx, diags);
                    b.release = opt_str(pp.release, || field("release"), ctx, diags)
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
        types.push(type_);
    }
    b.property_counts = PropertyCounts::from_types(types);
}

/// opm's `validateImagePullSpec` of the bundle's image and of every related image.
///
/// # Complexity
/// O(n) for n bytes of image references.
fn check_pull_specs(b: &Bundle, related: &[Value], ctx: &Ctx, diags: &mut Vec<Diagnostic>) {
    fn image_of(item: &Value) -> Option<&str> {
        let obj = item.as_object()?;
        let (_, v) = obj.iter().find(|(k, _)| k.eq_ignore_ascii_case("image"))?;
        v.as_str()
    }
    // Field names are only spelled out for a spec that fails.
    let mut check = |spec: &str, field: &dyn FieldName| {
        if spec.is_empty() {
            return;
        }
        if let Err(e) = validate_pull_spec(spec) {
            let field = field.spell();
            let msg = format!(
                "package {:?} bundle {:?} {field}: invalid image pull spec {:?}: {e}",
                b.package, b.name, spec
            );
            diags.push(ctx.err(&field, msg).package(&b.package).bundle(&b.name));
        }
    };
    if let Some(image) = &b.image {
        check(image, &"image");
    }
    for (i, item) in related.iter().enumerate() {
        if let Some(image) = image_of(item) {
            check(image, &|| format!("relatedImages[{i}].image"));
        }
    }
}

/// The message Kubernetes' `IsDNS1123Label` gives for a name that is not a DNS-1123 label.
pub(crate) const DNS1123_MESSAGE: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

/// `[a-z0-9]([-a-z0-9]*[a-z0-9])?` without a length limit.
fn matches_dns1123_label(s: &str) -> bool {
    let b = s.as_bytes();
    let ok = |c: &u8| c.is_ascii_lowercase() || c.is_ascii_digit();
    !b.is_empty() && ok(&b[0]) && ok(&b[b.len() - 1]) && b.iter().all(|c| ok(c) || *c == b'-')
}

/// What Kubernetes' `IsDNS1123Label` says of `s`, in its order: the length (at most 63), then the
/// pattern, where a name made of valid labels joined by dots gets `must not contain dots`.
/// Empty for a valid label.
///
/// # Complexity
/// O(n) for a name of n bytes.
pub(crate) fn dns1123_label_errors(s: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if s.len() > 63 {
        errs.push("must be no more than 63 characters".to_string());
    }
    if !matches_dns1123_label(s) {
        if s.split('.').all(matches_dns1123_label) {
            errs.push("must not contain dots".to_string());
        } else {
            errs.push(DNS1123_MESSAGE.to_string());
        }
    }
    errs
}

/// The CustomResourceDefinitions among a bundle object's `olm.bundle.object` properties (each
/// `value.data` is base64 of the object's JSON), and the CRDs its ClusterServiceVersion owns;
/// each property that does not decode is a warning naming it
/// ([spec/crd-safety.md §1](../../../../../docs/spec/crd-safety.md)).
///
/// # Complexity
/// O(n) in the length n of the properties' data.
pub(crate) fn bundle_crds(doc: &Value, b: &Bundle, diags: &mut Vec<Diagnostic>) -> BundleCrds {
    use base64::Engine as _;
    let mut out = BundleCrds::default();
    let props = doc.get("properties").and_then(Value::as_array);
    for (i, p) in props.into_iter().flatten().enumerate() {
        match p.get("type").and_then(Value::as_str) {
            Some("olm.bundle.object") => {}
            Some("olm.gvk") => {
                let f = |k: &str| p.pointer(&format!("/value/{k}")).and_then(Value::as_str);
                if let (Some(g), Some(v), Some(k)) = (f("group"), f("version"), f("kind")) {
                    out.gvks.push(format!("{g}/{v}, Kind={k}"));
                }
                continue;
            }
            _ => continue,
        }
        out.manifests += 1;
        let data = p.pointer("/value/data").and_then(Value::as_str);
        let decoded = data
            .and_then(|d| {
                base64::engine::general_purpose::STANDARD
                    .decode(d.trim())
                    .ok()
            })
            .and_then(|bytes| serde_json::from_slice::<Value>(&bytes).ok());
        match decoded {
            Some(obj) => keep_manifest(obj, &mut out),
            None => {
                let field = format!("properties[{i}].value.data");
                let msg = "olm.bundle.object: value.data is not base64 of a JSON object: its CRDs are not read";
                let mut d = Diagnostic::warning(Rule::LoadCrd, msg).field(field);
                if let Some(loc) = &b.location {
                    d = d.at(loc.clone());
                }
                diags.push(d.package(&b.package).bundle(&b.name));
            }
        }
    }
    out
}

/// Keeps `obj` when it is a CustomResourceDefinition; from a ClusterServiceVersion, keeps the
/// names of the CRDs it owns.
pub(crate) fn keep_manifest(obj: Value, out: &mut BundleCrds) {
    match obj.get("kind").and_then(Value::as_str) {
        Some("CustomResourceDefinition") => out.objects.push(obj),
        Some("ClusterServiceVersion") => out.owned.extend(csv_owned_crds(obj.get("spec"))),
        _ => {}
    }
}

/// The names in a CSV spec's `customresourcedefinitions.owned`.
pub(crate) fn csv_owned_crds(spec: Option<&Value>) -> Vec<String> {
    spec.and_then(|s| s.pointer("/customresourcedefinitions/owned"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|o| o.get("name").and_then(Value::as_str))
        .map(str::to_string)
        .collect()
}
