#!/usr/bin/env bash
# Builds the libFuzzer harnesses in Tests/Fuzz/Harnesses with swiftc (SwiftPM has no fuzzer mode).
#
#   Tests/Fuzz/build.sh [HARNESS...]     default: every harness
#
# The Mustache and XHTML sources are compiled as modules, instrumented like the harnesses
# (-sanitize=fuzzer,address), into $FUZZ_BUILD (default /tmp/fuzz-build); each harness becomes an
# executable there with libFuzzer's main. Linux only: the toolchain must ship libclang_rt.fuzzer.
set -euo pipefail
cd "$(dirname "$0")/../.."

build=${FUZZ_BUILD:-/tmp/fuzz-build}
all_harnesses=(mustache-parse-render csv-escape markdown-escape xhtml-escape xhtml-validate property-list backup-keybag backup-file-record store-file)
harnesses=("${all_harnesses[@]}")
[ "$#" -gt 0 ] && harnesses=("$@")
mkdir -p "$build"

flags=(-swift-version 6 -parse-as-library -O -g -sanitize=fuzzer,address -warnings-as-errors -use-ld=lld -package-name parpair)
libxml2_cflags=$(pkg-config --cflags libxml-2.0 2>/dev/null || echo "-I/usr/include/libxml2")
libxml2_libs=$(pkg-config --libs libxml-2.0 2>/dev/null || echo "-lxml2")
clang_flags=()
for flag in $libxml2_cflags; do clang_flags+=(-Xcc "$flag"); done

# The harness files beside FuzzInput.swift that make up each harness.
sources_for() {
    case "$1" in
        mustache-parse-render) echo MustacheParseRender.swift ;;
        csv-escape) echo CSVEscape.swift RFC4180Parser.swift FormulaRule.swift ;;
        markdown-escape) echo MarkdownEscape.swift MarkdownSyntax.swift ;;
        xhtml-escape) echo XHTMLEscape.swift ;;
        xhtml-validate) echo XHTMLValidate.swift ;;
        property-list) echo PropertyListRead.swift ;;
        backup-keybag) echo BackupKeybag.swift ;;
        backup-file-record) echo BackupFileRecord.swift ;;
        store-file) echo StoreFile.swift ;;
        *) echo "build.sh: unknown harness $1 (known: ${all_harnesses[*]})" >&2; exit 64 ;;
    esac
}

# Sources a build plugin generates (SwiftPM writes them when it builds; .ci/run builds before it fuzzes).
generated_sources() {
    case "$1" in
        XHTML) find .build/plugins/outputs -path '*/XHTML/destination/EmbedTemplates/*.swift' 2>/dev/null | head -n 1 ;;
    esac
}

# Rebuilds a module only when one of its sources is newer than the library.
build_module() {
    local module=$1; shift
    local library="$build/lib$module.a"
    local generated
    generated=$(generated_sources "$module")
    if [ -f "$library" ] && [ -z "$(find "Sources/$module" -name '*.swift' -newer "$library")" ]; then
        return
    fi
    echo "build.sh: compiling $module"
    swiftc "${flags[@]}" -I "$build" "$@" -module-name "$module" \
        -emit-module -emit-module-path "$build/$module.swiftmodule" \
        -emit-library -static -o "$library" $(find "Sources/$module" -name '*.swift' | sort) $generated
}

# CFatal is C of our own: compiled with the same instrumentation, with the module map SwiftPM would make.
build_cfatal() {
    local library="$build/libCFatal.a"
    [ -f "$library" ] && [ -z "$(find Sources/CFatal -newer "$library")" ] && return
    echo "build.sh: compiling CFatal"
    mkdir -p "$build/CFatal"
    printf 'module CFatal {\n    header "%s"\n    export *\n}\n' "$PWD/Sources/CFatal/include/CFatal.h" >"$build/CFatal/module.modulemap"
    clang -O1 -g -fsanitize=fuzzer-no-link,address -c Sources/CFatal/fatal.c -I Sources/CFatal/include -o "$build/CFatal/fatal.o"
    ar rcs "$library" "$build/CFatal/fatal.o"
}

for harness in "${harnesses[@]}"; do sources_for "$harness" >/dev/null; done

build_module Mustache
if [[ " ${harnesses[*]} " == *" xhtml-"* ]]; then
    build_module Concurrency -I Sources/CConcurrency
    build_module XHTML -I Sources/CLibXML2 -I Sources/CConcurrency "${clang_flags[@]}"
fi
if [[ " ${harnesses[*]} " == *" property-list "* || " ${harnesses[*]} " == *" backup-"* || " ${harnesses[*]} " == *" store-file "* ]]; then
    build_module Base64Coding
    build_module PropertyList
fi
if [[ " ${harnesses[*]} " == *" backup-"* || " ${harnesses[*]} " == *" store-file "* ]]; then
    # The backup parsers are internal to DeviceBackup: the harnesses import it @testable. DeviceBackup reads its
    # files through Platform.
    build_module Concurrency -I Sources/CConcurrency
    build_cfatal
    build_module Platform -I Sources/CPlatform -I Sources/CConcurrency -I "$build/CFatal"
    build_module SQLite -I Sources/CSQLite
    build_module AESCrypto -I Sources/CNettle
    build_module DeviceBackup -enable-testing -I Sources/CSQLite -I Sources/CNettle -I Sources/CPlatform -I Sources/CConcurrency -I "$build/CFatal"
fi
if [[ " ${harnesses[*]} " == *" store-file "* ]]; then
    build_module IDFingerprints
    build_module TextBytes
    build_module PrintableText
    build_module ParPairModel
    build_module ParPairStore -I Sources/CSQLite -I Sources/CNettle -I Sources/CPlatform -I Sources/CConcurrency -I "$build/CFatal"
fi

for harness in "${harnesses[@]}"; do
    sources=(Tests/Fuzz/Harnesses/FuzzInput.swift)
    for file in $(sources_for "$harness"); do sources+=("Tests/Fuzz/Harnesses/$file"); done
    libraries=(-lMustache)
    if [[ "$harness" == xhtml-* ]]; then
        libraries+=(-lXHTML -lConcurrency -I Sources/CLibXML2 -I Sources/CConcurrency "${clang_flags[@]}" $libxml2_libs)
    fi
    if [[ "$harness" == property-list ]]; then
        libraries=(-lPropertyList -lBase64Coding)
    fi
    if [[ "$harness" == store-file ]]; then
        libraries=(-lParPairStore -lParPairModel -lPlatform -lCFatal -lConcurrency -lDeviceBackup -lAESCrypto -lSQLite -lPropertyList
                   -lBase64Coding -lIDFingerprints -lTextBytes -lPrintableText
                   -I Sources/CSQLite -I Sources/CNettle -I Sources/CPlatform -I Sources/CConcurrency -I "$build/CFatal" -lsqlite3 -lnettle)
    fi
    if [[ "$harness" == backup-* ]]; then
        libraries=(-lDeviceBackup -lAESCrypto -lSQLite -lPropertyList -lBase64Coding -lPlatform -lCFatal -lConcurrency
                   -I Sources/CSQLite -I Sources/CNettle -I Sources/CPlatform -I Sources/CConcurrency -I "$build/CFatal" -lsqlite3 -lnettle)
    fi
    # A harness is relinked when its files or a library it uses changed.
    binary="$build/$harness"
    if [ -f "$binary" ] && [ -z "$(find "${sources[@]}" "$build"/lib*.a -newer "$binary")" ]; then
        continue
    fi
    echo "build.sh: linking $binary"
    swiftc "${flags[@]}" -module-name "fuzz_${harness//-/_}" -I "$build" -L "$build" \
        "${sources[@]}" "${libraries[@]}" -o "$binary"
done
