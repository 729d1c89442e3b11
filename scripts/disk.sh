# shellcheck shell=bash
# Disk helpers for scripts/test.sh and scripts/test-web.sh (source this file).
#   free_gib              whole GiB free on the file system holding the repository
#   disk_report WHEN      prints free space and the size of target/ (one line)
#   prune_if_low DIR...   on CI, removes the given build directories when less than
#                         OLM_PRUNE_GIB (default 6) GiB are free; they are rebuilt if needed

free_gib() {
    df -Pk "${OLM_ROOT:-.}" | awk 'NR == 2 { print int($4 / 1048576) }'
}

disk_report() {
    local size="none"
    [ -d "${OLM_ROOT:-.}/target" ] && size="$(du -sh "${OLM_ROOT:-.}/target" 2>/dev/null | cut -f1)"
    echo "disk ($1): $(free_gib) GiB free, target/ $size"
}

prune_if_low() {
    [ -n "${CI:-}" ] || return 0
    [ "$(free_gib)" -lt "${OLM_PRUNE_GIB:-6}" ] || return 0
    echo "disk: $(free_gib) GiB free, removing $*"
    rm -rf "$@"
}
