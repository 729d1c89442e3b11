#!/usr/bin/env python3
"""Writes the cluster-state fixtures of crates/core/tests/fixtures/cluster/ (run from the repo root).

The objects have the shape OLM gives them on a cluster (metadata with uid, resourceVersion,
labels and managedFields; every status field the controllers set), one scenario per namespace
over the real catalogs in ../shared/catalogs (openshift-kube-descheduler-fbc/v4.16 and
community-operators-prod/v4.21/patterns-operator.yaml). The same objects are written four
ways: a multi-document YAML stream, a `kind: List` in YAML, a List in JSON, and a must-gather
tree (`oc adm inspect` layout). `diagnose` must print the same JSON for each.
"""
import hashlib
import json
import os
import shutil

OUT = "crates/core/tests/fixtures/cluster"
T0 = "2025-03-04T10:12:55Z"
T1 = "2025-03-11T08:40:17Z"
DESCH = "cluster-kube-descheduler-operator"
DCSV = "clusterkubedescheduleroperator"
PAT = "patterns-operator"
RV = [41000]


def uid(*parts):
    h = hashlib.sha1("/".join(parts).encode()).hexdigest()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}"


def rv():
    RV[0] += 137
    return str(RV[0])


def fields(keys):
    out = {".": {}}
    for k in keys:
        out[f"f:{k}"] = {}
    return out


def meta(kind, name, ns=None, labels=None, annotations=None, spec_keys=(), status_keys=(), manager="kubectl-create"):
    m = {"creationTimestamp": T0, "generation": 1}
    if annotations:
        m["annotations"] = annotations
    if labels:
        m["labels"] = labels
    mf = [{"apiVersion": API[kind], "fieldsType": "FieldsV1", "fieldsV1": {"f:spec": fields(spec_keys)},
           "manager": manager, "operation": "Update", "time": T0}]
    if status_keys:
        mf.append({"apiVersion": API[kind], "fieldsType": "FieldsV1", "fieldsV1": {"f:status": fields(status_keys)},
                   "manager": "catalog" if kind != "ClusterServiceVersion" else "olm", "operation": "Update",
                   "subresource": "status", "time": T1})
    m["managedFields"] = mf
    m["name"] = name
    if ns:
        m["namespace"] = ns
    m["resourceVersion"] = rv()
    m["uid"] = uid(kind, ns or "", name)
    return m


API = {
    "Subscription": "operators.coreos.com/v1alpha1",
    "InstallPlan": "operators.coreos.com/v1alpha1",
    "ClusterServiceVersion": "operators.coreos.com/v1alpha1",
    "CatalogSource": "operators.coreos.com/v1alpha1",
    "OperatorGroup": "operators.coreos.com/v1",
    "ClusterExtension": "olm.operatorframework.io/v1",
    "ClusterCatalog": "olm.operatorframework.io/v1",
    "ClusterVersion": "config.openshift.io/v1",
}


def ref(kind, name, ns):
    return {"apiVersion": API[kind], "kind": kind, "name": name, "namespace": ns, "resourceVersion": rv(), "uid": uid(kind, ns, name)}


def healthy_conditions(source="redhat-operators", healthy=True):
    if healthy:
        return [{"message": "all available catalogsources are healthy", "reason": "AllCatalogSourcesHealthy",
                 "status": "False", "type": "CatalogSourcesUnhealthy", "lastTransitionTime": T0}]
    return [{"message": f"targeted catalogsource openshift-marketplace/{source} unhealthy", "reason": "UnhealthyCatalogSourceFound",
             "status": "True", "type": "CatalogSourcesUnhealthy", "lastTransitionTime": T1}]


def subscription(ns, package, channel, source="redhat-operators", approval="Automatic", installed=None, current=None,
                 state=None, plan=None, conditions=None, health=True, starting=None, status=True):
    spec = {"channel": channel, "installPlanApproval": approval, "name": package, "source": source,
            "sourceNamespace": "openshift-marketplace"}
    if starting:
        spec["startingCSV"] = starting
    obj = {"apiVersion": API["Subscription"], "kind": "Subscription",
           "metadata": meta("Subscription", package, ns, labels={f"operators.coreos.com/{package}.{ns}": ""},
                            spec_keys=spec.keys(), status_keys=("catalogHealth", "conditions", "currentCSV", "installedCSV", "lastUpdated", "state") if status else ()),
           "spec": spec}
    if not status:
        return obj
    st = {"catalogHealth": [{"catalogSourceRef": ref("CatalogSource", source, "openshift-marketplace"), "healthy": health, "lastUpdated": T0}],
          "conditions": (conditions or []) + healthy_conditions(source, health)}
    if current:
        st["currentCSV"] = current
    if plan:
        st["installPlanGeneration"] = 1
        st["installPlanRef"] = ref("InstallPlan", plan, ns)
        st["installplan"] = {"apiVersion": API["InstallPlan"], "kind": "InstallPlan", "name": plan, "uuid": uid("InstallPlan", ns, plan)}
    if installed:
        st["installedCSV"] = installed
    st["lastUpdated"] = T1
    if state:
        st["state"] = state
    obj["status"] = st
    return obj


def install_plan(ns, name, csvs, phase, approval="Automatic", approved=True, failed=None):
    spec = {"approval": approval, "approved": approved, "clusterServiceVersionNames": csvs, "generation": 1}
    conds = []
    if phase == "Complete":
        conds = [{"lastTransitionTime": T1, "lastUpdateTime": T1, "status": "True", "type": "Installed"}]
    elif phase == "RequiresApproval":
        conds = [{"lastTransitionTime": T1, "lastUpdateTime": T1, "reason": "RequiresApproval", "status": "False", "type": "Installed"}]
    elif phase == "Failed":
        conds = [{"lastTransitionTime": T1, "lastUpdateTime": T1, "message": failed, "reason": "InstallComponentFailed", "status": "False", "type": "Installed"}]
    status = {"bundleLookups": [], "catalogSources": [], "conditions": conds, "phase": phase,
              "plan": [{"resolving": c, "resource": {"group": "operators.coreos.com", "kind": "ClusterServiceVersion", "name": c,
                                                     "sourceName": "redhat-operators", "sourceNamespace": "openshift-marketplace", "version": "v1alpha1"},
                        "status": "Created" if phase == "Complete" else "Unknown"} for c in csvs],
              "startTime": T1}
    return {"apiVersion": API["InstallPlan"], "kind": "InstallPlan",
            "metadata": meta("InstallPlan", name, ns, labels={"operators.coreos.com/" + csvs[0].split(".")[0]: ""}, spec_keys=spec.keys(),
                             status_keys=("bundleLookups", "catalogSources", "conditions", "phase", "plan", "startTime"), manager="catalog"),
            "spec": spec, "status": status}


def csv(ns, name, version, phase, replaces=None, reason=None, message=None, display="Kube Descheduler Operator"):
    reason = reason or {"Succeeded": "InstallSucceeded", "Replacing": "BeingReplaced", "Installing": "InstallWaiting",
                        "Pending": "RequirementsUnknown"}.get(phase, "")
    message = message or {"Succeeded": "install strategy completed with no errors", "Replacing": "being replaced by csv: ",
                          "Installing": "installing: waiting for deployment descheduler-operator to become ready: deployment \"descheduler-operator\" not available: Deployment does not have minimum availability.",
                          "Pending": "requirements not yet checked"}.get(phase, "")
    spec = {"displayName": display, "install": {"strategy": "deployment"}, "version": version, "provider": {"name": "Red Hat"}}
    if replaces:
        spec["replaces"] = replaces
    return {"apiVersion": API["ClusterServiceVersion"], "kind": "ClusterServiceVersion",
            "metadata": meta("ClusterServiceVersion", name, ns, labels={"olm.managed": "true"},
                             annotations={"olm.operatorGroup": "og", "olm.operatorNamespace": ns, "olm.targetNamespaces": ""},
                             spec_keys=spec.keys(), status_keys=("conditions", "lastTransitionTime", "lastUpdateTime", "message", "phase", "reason"), manager="catalog"),
            "spec": spec,
            "status": {"conditions": [{"lastTransitionTime": T1, "lastUpdateTime": T1, "message": message, "phase": phase, "reason": reason}],
                       "lastTransitionTime": T1, "lastUpdateTime": T1, "message": message, "phase": phase, "reason": reason,
                       "requirementStatus": [{"group": "operators.coreos.com", "kind": "ClusterServiceVersion", "message": "CSV minKubeVersion (1.28.0) less than server version (v1.29.10+67d3387)", "name": name, "status": "Present", "version": "v1alpha1"}]}}


def operator_group(ns, strategy="Default"):
    spec = {"upgradeStrategy": strategy}  # a string in OLM's API (docs/spec/cluster.md §1.2)
    return {"apiVersion": API["OperatorGroup"], "kind": "OperatorGroup",
            "metadata": meta("OperatorGroup", "og", ns, annotations={"olm.providedAPIs": "KubeDescheduler.v1.operator.openshift.io"}, spec_keys=spec.keys(), status_keys=("lastUpdated", "namespaces"), manager="olm"),
            "spec": spec, "status": {"lastUpdated": T0, "namespaces": [""]}}


def catalog_source(name, image, state="READY", template=None):
    ann = {"operatorframework.io/managed-by": "marketplace-operator"}
    if template:
        ann["olm.catalogImageTemplate"] = template
    spec = {"displayName": "Red Hat Operators", "grpcPodConfig": {"securityContextConfig": "restricted"}, "icon": {"base64data": "", "mediatype": ""},
            "image": image, "priority": -100, "publisher": "Red Hat", "sourceType": "grpc", "updateStrategy": {"registryPoll": {"interval": "10m"}}}
    return {"apiVersion": API["CatalogSource"], "kind": "CatalogSource",
            "metadata": meta("CatalogSource", name, "openshift-marketplace", annotations=ann, spec_keys=spec.keys(), status_keys=("connectionState", "registryService"), manager="marketplace-operator"),
            "spec": spec,
            "status": {"connectionState": {"address": f"{name}.openshift-marketplace.svc:50051", "lastConnect": T1, "lastObservedState": state},
                       "registryService": {"createdAt": T0, "port": "50051", "protocol": "grpc", "serviceName": name, "serviceNamespace": "openshift-marketplace"}}}


def cluster_version(version="4.16.21"):
    spec = {"channel": "stable-4.16", "clusterID": uid("cluster")}
    return {"apiVersion": API["ClusterVersion"], "kind": "ClusterVersion",
            "metadata": meta("ClusterVersion", "version", spec_keys=spec.keys(), status_keys=("desired", "history"), manager="cluster-version-operator"),
            "spec": spec,
            "status": {"availableUpdates": None, "desired": {"image": "quay.io/openshift-release-dev/ocp-release@sha256:" + "a" * 64, "version": version},
                       "history": [{"completionTime": T1, "image": "quay.io/openshift-release-dev/ocp-release@sha256:" + "a" * 64, "startedTime": T0, "state": "Completed", "verified": True, "version": version}],
                       "observedGeneration": 3, "versionHash": "Zq3dKb1F0xQ="}}


RESOLUTION = ("constraints not satisfiable: subscription cluster-kube-descheduler-operator requires "
              "redhat-operators/openshift-marketplace/stable/clusterkubedescheduleroperator.v5.0.4, subscription cluster-kube-descheduler-operator exists, "
              "clusterserviceversion clusterkubedescheduleroperator.v5.0.3 exists and is not referenced by a subscription, "
              "@existing/descheduler-resolution//clusterkubedescheduleroperator.v5.0.3 and redhat-operators/openshift-marketplace/stable/clusterkubedescheduleroperator.v5.0.4 originate from package cluster-kube-descheduler-operator")


def v0_objects():
    d = lambda v: f"{DCSV}.v{v}"
    p = lambda v: f"{PAT}.v0.0.{v}"
    o = [cluster_version(),
         catalog_source("redhat-operators", "registry.redhat.io/redhat/redhat-operator-index:v4.15",
                        template="registry.redhat.io/redhat/redhat-operator-index:v{ocp_major_version}.{ocp_minor_version}"),
         catalog_source("redhat-operators-mirror", "mirror.example.com/redhat/redhat-operator-index:v4.16", state="TRANSIENT_FAILURE")]
    # at-latest
    ns = "descheduler-latest"
    o += [operator_group(ns), csv(ns, d("5.0.4"), "5.0.4", "Succeeded", d("5.0.3")),
          install_plan(ns, "install-7x2kq", [d("5.0.4")], "Complete"),
          subscription(ns, DESCH, "stable", installed=d("5.0.4"), current=d("5.0.4"), state="AtLatestKnown", plan="install-7x2kq")]
    # upgrade-available (the cluster's catalog is older than the one given)
    ns = "descheduler-behind"
    o += [operator_group(ns), csv(ns, d("5.0.2"), "5.0.2", "Succeeded"),
          install_plan(ns, "install-b8rwm", [d("5.0.2")], "Complete"),
          subscription(ns, DESCH, "stable", installed=d("5.0.2"), current=d("5.0.2"), state="AtLatestKnown", plan="install-b8rwm")]
    # awaiting-approval
    ns = "descheduler-manual"
    o += [operator_group(ns), csv(ns, d("5.0.3"), "5.0.3", "Succeeded", d("5.0.2")),
          install_plan(ns, "install-m4n9z", [d("5.0.4")], "RequiresApproval", approval="Manual", approved=False),
          subscription(ns, DESCH, "stable", approval="Manual", installed=d("5.0.3"), current=d("5.0.4"), state="UpgradePending", plan="install-m4n9z",
                       conditions=[{"lastTransitionTime": T1, "reason": "RequiresApproval", "status": "True", "type": "InstallPlanPending"}])]
    # upgrading
    ns = "descheduler-upgrading"
    o += [operator_group(ns), csv(ns, d("5.0.3"), "5.0.3", "Replacing", d("5.0.2")), csv(ns, d("5.0.4"), "5.0.4", "Installing", d("5.0.3")),
          install_plan(ns, "install-q2p7d", [d("5.0.4")], "Complete"),
          subscription(ns, DESCH, "stable", installed=d("5.0.4"), current=d("5.0.4"), state="AtLatestKnown", plan="install-q2p7d")]
    # failed-stuck: a failed CSV under Default, nothing after it in the catalog
    ns = "descheduler-failed"
    o += [operator_group(ns), csv(ns, d("5.0.3"), "5.0.3", "Replacing", d("5.0.2")),
          csv(ns, d("5.0.4"), "5.0.4", "Failed", d("5.0.3"), reason="InstallCheckFailed",
              message="install timeout: deployment \"descheduler-operator\" not available: Deployment does not have minimum availability."),
          install_plan(ns, "install-f5k2c", [d("5.0.4")], "Complete"),
          subscription(ns, DESCH, "stable", installed=d("5.0.4"), current=d("5.0.4"), state="AtLatestKnown", plan="install-f5k2c")]
    # failed-fail-forward: a failed CSV, fail-forward on, the catalog has bundles after it
    ns = "patterns-failed-ff"
    o += [operator_group(ns, "TechPreviewUnsafeFailForward"), csv(ns, p(77), "0.0.77", "Replacing", p(76), display="Validated Patterns Operator"),
          csv(ns, p(78), "0.0.78", "Failed", p(77), reason="ComponentFailed", message="install strategy failed: Deployment.apps \"patterns-operator-controller-manager\" is invalid: spec.template.spec.containers[0].image: Required value",
              display="Validated Patterns Operator"),
          install_plan(ns, "install-ffw8v", [p(78)], "Complete"),
          subscription(ns, PAT, "fast", source="community-operators", installed=p(78), current=p(78), state="AtLatestKnown", plan="install-ffw8v")]
    # failed-stuck under Default, where fail-forward would move on
    ns = "patterns-failed-default"
    o += [operator_group(ns), csv(ns, p(77), "0.0.77", "Replacing", p(76), display="Validated Patterns Operator"),
          csv(ns, p(78), "0.0.78", "Failed", p(77), reason="ComponentFailed", message="install strategy failed: Deployment.apps \"patterns-operator-controller-manager\" is invalid: spec.template.spec.containers[0].image: Required value",
              display="Validated Patterns Operator"),
          install_plan(ns, "install-d3fl7", [p(78)], "Complete"),
          subscription(ns, PAT, "fast", source="community-operators", installed=p(78), current=p(78), state="AtLatestKnown", plan="install-d3fl7")]
    # failed InstallPlan, fail-forward on: the catalog still offers the same bundle
    ns = "patterns-ip-failed"
    o += [operator_group(ns, "TechPreviewUnsafeFailForward"), csv(ns, p(79), "0.0.79", "Succeeded", p(78), display="Validated Patterns Operator"),
          install_plan(ns, "install-ipf4x", [p(80)], "Failed", failed="error creating csv patterns-operator.v0.0.80: admission webhook \"validate.csv.example\" denied the request"),
          subscription(ns, PAT, "fast", source="community-operators", installed=p(79), current=p(80), state="UpgradeFailed", plan="install-ipf4x",
                       conditions=[{"lastTransitionTime": T1, "message": "error creating csv patterns-operator.v0.0.80: admission webhook \"validate.csv.example\" denied the request",
                                    "reason": "InstallComponentFailed", "status": "True", "type": "InstallPlanFailed"}])]
    # resolution-failed
    ns = "descheduler-resolution"
    o += [operator_group(ns), csv(ns, d("5.0.3"), "5.0.3", "Succeeded", d("5.0.2")),
          subscription(ns, DESCH, "stable",
                       conditions=[{"lastTransitionTime": T1, "message": RESOLUTION.replace("descheduler-resolution", ns), "reason": "ConstraintsNotSatisfiable", "status": "True", "type": "ResolutionFailed"}])]
    # not-in-catalog: a bundle the catalog dropped, which nothing covers
    ns = "descheduler-dropped"
    old = f"{DCSV}.4.11.0-202212070335"
    o += [operator_group(ns), csv(ns, old, "4.11.0-202212070335", "Succeeded"),
          subscription(ns, DESCH, "stable", installed=old, current=old, state="AtLatestKnown")]
    # a dropped bundle still named by a skips: placed by its name
    ns = "descheduler-skipped"
    o += [operator_group(ns), csv(ns, d("5.0.1"), "5.0.1", "Succeeded", d("5.0.0")),
          subscription(ns, DESCH, "stable", installed=d("5.0.1"), current=d("5.0.1"), state="AtLatestKnown")]
    # catalog-unhealthy
    ns = "descheduler-unhealthy"
    o += [operator_group(ns), csv(ns, d("5.0.3"), "5.0.3", "Succeeded", d("5.0.2")),
          subscription(ns, DESCH, "stable", source="redhat-operators-mirror", installed=d("5.0.3"), current=d("5.0.3"), state="AtLatestKnown", health=False,
                       conditions=[])]
    # not-installed: just created
    ns = "descheduler-new"
    o += [operator_group(ns), subscription(ns, DESCH, "stable", status=False)]
    # not counted kinds
    o += [{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "descheduler-new", "uid": uid("ns")}, "spec": {"finalizers": ["kubernetes"]}, "status": {"phase": "Active"}},
          {"apiVersion": "apps.open-cluster-management.io/v1", "kind": "Subscription", "metadata": {"name": "acm-sub", "namespace": "apps"}, "spec": {"channel": "apps/helm"}}]
    return o


def cluster_extension(name, package, installed=None, version=None, channels=None, progressing=("True", "Succeeded", "Desired state reached"), policy=None, range_=None):
    catalog = {"packageName": package}
    if channels:
        catalog["channels"] = channels
    if range_:
        catalog["version"] = range_
    if policy:
        catalog["upgradeConstraintPolicy"] = policy
    spec = {"namespace": name, "serviceAccount": {"name": f"{name}-installer"}, "source": {"catalog": catalog, "sourceType": "Catalog"}}
    conds = [{"lastTransitionTime": T1, "message": m, "observedGeneration": 1, "reason": r, "status": s, "type": t} for t, s, r, m in [
        ("Deprecated", "False", "Deprecated", ""), ("PackageDeprecated", "False", "Deprecated", ""), ("ChannelDeprecated", "False", "Deprecated", ""),
        ("BundleDeprecated", "False", "Deprecated", ""),
        ("Installed", "True" if installed else "False", "Succeeded" if installed else "Failed",
         f"Installed bundle {installed} successfully" if installed else "No bundle installed"),
        ("Progressing", progressing[0], progressing[1], progressing[2])]]
    status = {"conditions": conds}
    if installed:
        status["install"] = {"bundle": {"name": installed, "version": version}}
    return {"apiVersion": API["ClusterExtension"], "kind": "ClusterExtension",
            "metadata": meta("ClusterExtension", name, annotations=None, labels=None, spec_keys=spec.keys(), status_keys=("conditions", "install"), manager="operator-controller"),
            "spec": spec, "status": status}


def cluster_catalog(name, image, priority=0):
    spec = {"availabilityMode": "Available", "priority": priority, "source": {"image": {"pollIntervalMinutes": 10, "ref": image}, "type": "Image"}}
    return {"apiVersion": API["ClusterCatalog"], "kind": "ClusterCatalog",
            "metadata": meta("ClusterCatalog", name, labels={"olm.operatorframework.io/metadata.name": name}, spec_keys=spec.keys(), status_keys=("conditions", "lastUnpacked", "resolvedSource", "urls"), manager="catalogd"),
            "spec": spec,
            "status": {"conditions": [{"lastTransitionTime": T0, "message": "Successfully unpacked and stored content from resolved source", "observedGeneration": 1, "reason": "Succeeded", "status": "True", "type": "Progressing"},
                                      {"lastTransitionTime": T0, "message": "Serving desired content from resolved source", "observedGeneration": 1, "reason": "Available", "status": "True", "type": "Serving"}],
                       "lastUnpacked": T0, "resolvedSource": {"image": {"ref": image.split(":")[0] + "@sha256:" + "b" * 64}, "type": "Image"},
                       "urls": {"base": f"https://catalogd-service.olmv1-system.svc/catalogs/{name}"}}}


def v1_objects():
    p = lambda v: f"{PAT}.v0.0.{v}"
    retry = ("True", "Retrying", "error for resolved bundle \"patterns-operator.v0.0.80\" with version \"0.0.80\": unable to upgrade release: rendered manifests contain a resource that already exists. Unable to continue with update: CustomResourceDefinition \"patterns.gitops.hybrid-cloud-patterns.io\" exists and cannot be imported into the current release")
    return [cluster_catalog("operatorhubio", "quay.io/operatorhubio/catalog:latest", 0),
            cluster_extension("patterns-latest", PAT, p(80), "0.0.80", ["fast"]),
            cluster_extension("patterns-behind", PAT, p(70), "0.0.70", ["fast"]),
            cluster_extension("patterns-retrying", PAT, p(79), "0.0.79", ["fast"], progressing=retry, range_=">=0.0.79, <0.1.0"),
            cluster_extension("patterns-gone", PAT, p(81), "0.0.81", ["fast"])]


def v1_across_objects():
    """Two ClusterCatalogs of the descheduler (the 4.16 and 4.17 catalogs), 4.17's at priority 10."""
    d = "clusterkubedescheduleroperator.v5.0.2"
    return [cluster_catalog("redhat-operators-v4-16", "registry.redhat.io/redhat/redhat-operator-index:v4.16", 0),
            cluster_catalog("redhat-operators-v4-17", "registry.redhat.io/redhat/redhat-operator-index:v4.17", 10),
            cluster_extension("descheduler", "cluster-kube-descheduler-operator", d, "5.0.2", ["stable"])]


RHTPA = "rhtpa-operator"
T2 = "2026-02-17T09:31:04Z"


def rhtpa_image(version):
    """The bundle images of trusted-profile-analyzer-fbc/v4.18 (the catalog the 2026 objects join)."""
    digests = {"1.0.1": "c8f3d4e5ea35f687adff2d9853c45b9ae69717a9e47b47c9f8e7ee90747af1b2",
               "1.1.5": "f071c6e69eaf4a5bdae450798d4c7eb78c4d966c8cee4113780999c95b126ba6",
               "1.1.6": "25a6a050e84b6e3f9c378635dd24cd83d5dd1c3728d2f0b6420b4a947194305c",
               "3.0.0": "9e20678eadefac7622a0faf0c5574333ff82b76b3f8eb0f38aa2d4c47036c517",
               "3.1.0": "57ace2702ec371d32aada8e126b0a49922f613ae8c9617a0eba20e70a4d5ed86"}
    return f"registry.redhat.io/rhtpa/rhtpa-operator-bundle@sha256:{digests[version]}"


def cluster_extension_2026(name, channels, installed=None, release=None, progressing=("True", "Succeeded", "Desired state reached"),
                           deprecated=(), deadline=None, config=None, revisions=None):
    """A ClusterExtension as operator-controller writes it in 2026: deprecation conditions with
    NotDeprecated/Deprecated reasons and their own messages, Installed naming the bundle image,
    Progressing mirrored from the latest revision, status.install.bundle.release, activeRevisions."""
    catalog = {"channels": channels, "packageName": RHTPA,
               "selector": {"matchLabels": {"olm.operatorframework.io/metadata.name": "redhat-operators"}}}
    spec = {"namespace": name, "source": {"catalog": catalog, "sourceType": "Catalog"}}
    if deadline:
        spec["progressDeadlineMinutes"] = deadline
    if config:
        spec["config"] = {"configType": "Inline", "inline": config}
    dep = dict(deprecated)
    def dcond(kind, none_message):
        if kind in dep:
            return (kind, "True", "Deprecated", dep[kind])
        return (kind, "False", "NotDeprecated", none_message)
    scoped = [dcond("PackageDeprecated", "package not deprecated"), dcond("ChannelDeprecated", "channel not deprecated"),
              dcond("BundleDeprecated", "bundle not deprecated") if installed else ("BundleDeprecated", "Unknown", "Absent", "no bundle installed yet")]
    messages = [c[3] for c in scoped if c[1] == "True"]
    rollup = ("Deprecated", "True", "Deprecated", "\n".join(messages)) if messages else ("Deprecated", "False", "NotDeprecated", "not deprecated")
    inst = ("Installed", "True", "Succeeded", f"Installed bundle {rhtpa_image(installed.split('.v')[-1])} successfully") if installed and installed.split('.v')[-1] in ("1.0.1", "1.1.5", "1.1.6", "3.0.0", "3.1.0") \
        else ("Installed", "True", "Succeeded", f"Installed bundle registry.redhat.io/rhtpa/rhtpa-operator-bundle@sha256:{'e' * 64} successfully") if installed \
        else ("Installed", "False", "Failed", "No bundle installed")
    conds = [{"lastTransitionTime": T2, "message": m, "observedGeneration": 1, "reason": r, "status": st, "type": t}
             for t, st, r, m in [rollup, *scoped, inst, ("Progressing", *progressing)]]
    status = {"conditions": conds}
    if installed:
        bundle = {"name": installed, "version": installed.split(".v")[-1]}
        if release:
            bundle["release"] = release
        status["install"] = {"bundle": bundle}
    if revisions:
        status["activeRevisions"] = revisions
    return {"apiVersion": API["ClusterExtension"], "kind": "ClusterExtension",
            "metadata": meta("ClusterExtension", name, spec_keys=spec.keys(), status_keys=status.keys(), manager="operator-controller"),
            "spec": spec, "status": status}


def v1_status_objects():
    """OLM v1's ClusterExtension status of 2026 (operator-controller's Progressing reasons, the
    deprecation conditions, install.bundle.release), joined to trusted-profile-analyzer-fbc/v4.18,
    whose olm.deprecations deprecate channels stable and stable-v1.0 and bundles 1.0.0 to 1.0.2."""
    r = lambda v: f"{RHTPA}.v{v}"
    chan = "stable-v1.0 is no longer supported. Please switch to a not deprecated channel for continued support."
    bund = "rhtpa-operator.v1.0.1 is deprecated. Please consider updating for continued support."
    rolling = [{"name": "rhtpa-rolling-out-5"},
               {"conditions": [{"lastTransitionTime": T2, "message": "Revision 1.1.6 is rolling out.", "observedGeneration": 1,
                                "reason": "RollingOut", "status": "True", "type": "Progressing"}], "name": "rhtpa-rolling-out-6"}]
    return [cluster_catalog("redhat-operators", "registry.redhat.io/redhat/redhat-operator-index:v4.18", 0),
            cluster_extension_2026("rhtpa-deprecated", ["stable-v1.0"], r("1.0.1"),
                                   deprecated=[("ChannelDeprecated", chan), ("BundleDeprecated", bund)]),
            cluster_extension_2026("rhtpa-rolling-out", ["stable-v1.1"], r("1.1.5"),
                                   progressing=("True", "RollingOut", "Revision 1.1.6 is rolling out."), revisions=rolling),
            cluster_extension_2026("rhtpa-deadline", ["stable-v1.1"], r("1.1.6"), deadline=10,
                                   progressing=("False", "ProgressDeadlineExceeded", "Revision has not rolled out for 10 minute(s). Last status: Revision 1.1.7 is rolling out.")),
            cluster_extension_2026("rhtpa-invalid-config", ["stable-v3"], None, config={"watchNamespace": "rhtpa-invalid-config"},
                                   progressing=("False", "InvalidConfiguration", 'error for resolved bundle "rhtpa-operator.v3.1.0" with version "3.1.0": invalid ClusterExtension configuration: invalid configuration: unknown field "watchNamespace"')),
            cluster_extension_2026("rhtpa-blocked", ["stable-v3"], r("3.0.0"),
                                   progressing=("False", "Blocked", "the following secrets are not immutable (referenced secrets must have immutable set to true): rhtpa-blocked/rhtpa-blocked-2-manifests")),
            cluster_extension_2026("rhtpa-release", ["stable-v3"], r("3.1.0"), release="2"),
            cluster_extension_2026("rhtpa-gone-retrying", ["stable-v3"], r("3.2.0"),
                                   progressing=("True", "Retrying", 'error upgrading from currently installed version "3.2.0": no bundles found for package "rhtpa-operator" in channels [stable-v3]'))]


def dump_yaml(obj, indent=0):
    """A small YAML writer in kubectl's style (sorted keys, block style, quoted where needed)."""
    pad = "  " * indent
    lines = []
    if isinstance(obj, dict):
        if not obj:
            return [pad + "{}"]
        for k in sorted(obj):
            v = obj[k]
            if isinstance(v, (dict, list)) and v:
                lines.append(f"{pad}{scalar(k)}:")
                lines += dump_yaml(v, indent + (0 if isinstance(v, list) else 1))
            else:
                lines.append(f"{pad}{scalar(k)}: {inline(v)}")
        return lines
    for item in obj:
        sub = dump_yaml(item, indent + 1) if isinstance(item, (dict, list)) and item else ["  " * (indent + 1) + inline(item)]
        first = sub[0].strip()
        lines.append(f"{pad}- {first}")
        lines += sub[1:]
    return lines


def inline(v):
    if isinstance(v, dict):
        return "{}"
    if isinstance(v, list):
        return "[]"
    return scalar(v)


def scalar(v):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return str(v)
    s = str(v)
    plain = s and s[0] not in "-?:,[]{}#&*!|>'\"%@`{ " and ": " not in s and " #" not in s and not s.endswith(":") \
        and s.lower() not in ("true", "false", "null", "yes", "no", "on", "off", "y", "n", "~") and not s.replace(".", "").replace("-", "").isdigit() \
        and not s[0].isdigit() and "\n" not in s
    return s if plain else json.dumps(s)


def write(objs, base):
    os.makedirs(base, exist_ok=True)
    with open(f"{base}/stream.yaml", "w") as f:
        f.write("\n".join("---\n" + "\n".join(dump_yaml(o)) for o in objs) + "\n")
    lst = {"apiVersion": "v1", "items": objs, "kind": "List", "metadata": {"resourceVersion": ""}}
    with open(f"{base}/list.yaml", "w") as f:
        f.write("\n".join(dump_yaml(lst)) + "\n")
    with open(f"{base}/list.json", "w") as f:
        json.dump(lst, f, indent=4)
        f.write("\n")
    mg = f"{base}/must-gather"
    shutil.rmtree(mg, ignore_errors=True)
    plural = {"Subscription": "subscriptions", "InstallPlan": "installplans", "ClusterServiceVersion": "clusterserviceversions",
              "OperatorGroup": "operatorgroups", "CatalogSource": "catalogsources", "ClusterExtension": "clusterextensions",
              "ClusterCatalog": "clustercatalogs", "ClusterVersion": "clusterversions", "Namespace": "namespaces"}
    for o in objs:
        group = o["apiVersion"].rsplit("/", 1)[0] if "/" in o["apiVersion"] else "core"
        res = plural.get(o["kind"], o["kind"].lower() + "s")
        ns = o["metadata"].get("namespace")
        d = f"{mg}/namespaces/{ns}/{group}/{res}" if ns else f"{mg}/cluster-scoped-resources/{group}/{res}"
        os.makedirs(d, exist_ok=True)
        with open(f"{d}/{o['metadata']['name']}.yaml", "w") as f:
            f.write("---\n" + "\n".join(dump_yaml(o)) + "\n")


if __name__ == "__main__":
    write(v0_objects(), f"{OUT}/v0")
    write(v1_objects(), f"{OUT}/v1")
    with open(f"{OUT}/v1/across.yaml", "w") as f:
        f.write("\n".join("---\n" + "\n".join(dump_yaml(o)) for o in v1_across_objects()) + "\n")
    with open(f"{OUT}/v1/status.yaml", "w") as f:
        f.write("\n".join("---\n" + "\n".join(dump_yaml(o)) for o in v1_status_objects()) + "\n")
