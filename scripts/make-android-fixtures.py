#!/usr/bin/env python3
"""Writes the signed Android app fixtures of the rules about APKs and app bundles: each a zip
with a manifest (Android's binary XML in an APK, aapt2's protocol buffer in an app bundle) that
declares the package, signed by jarsigner with a v1 JAR signature (an EC key keeps them small),
and the assetlinks.json files beside them, which name the certificates' SHA-256.

Run from the package root (needs keytool and jarsigner, from any JDK):

    python3 scripts/make-android-fixtures.py [RULE ...]

With rule IDs, only those rules' fixtures are written.

The keys are new on every run, so the fingerprints in the fixtures and goldens change:
regenerate the goldens after (AASALINT_UPDATE_GOLDENS=1 swift test --filter RuleFixtureTests).
"""

import hashlib
import json
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

RULES = Path("Fixtures/rules")
ZIP_TIME = (2026, 1, 1, 0, 0, 0)
PACKAGE = "com.example.shop"
PLAY_KEY = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"


def chunk(kind, header, body):
    """A ResChunk_header (type, header size, total size) around `header` and `body`."""
    return struct.pack("<HHI", kind, 8 + len(header), 8 + len(header) + len(body)) + header + body


def binary_manifest(package):
    """AndroidManifest.xml as aapt2 compiles it: a string pool (UTF-16), then <manifest package=...>."""
    strings = ["manifest", "package", package]
    data = b"".join(struct.pack("<H", len(s)) + s.encode("utf-16-le") + b"\0\0" for s in strings)
    data += b"\0" * (-len(data) % 4)
    offsets, at = [], 0
    for s in strings:
        offsets.append(at)
        at += 2 + 2 * len(s) + 2
    pool_header = struct.pack("<IIIII", len(strings), 0, 0, 28 + 4 * len(strings), 0)
    pool = chunk(0x0001, pool_header, b"".join(struct.pack("<I", o) for o in offsets) + data)
    attribute = struct.pack("<IIIHBBI", 0xFFFFFFFF, 1, 2, 8, 0, 0x03, 2)
    start = chunk(0x0102, struct.pack("<II", 1, 0xFFFFFFFF),
                  struct.pack("<IIHHHHHH", 0xFFFFFFFF, 0, 20, 20, 1, 0, 0, 0) + attribute)
    end = chunk(0x0103, struct.pack("<II", 1, 0xFFFFFFFF), struct.pack("<II", 0xFFFFFFFF, 0))
    return chunk(0x0003, b"", pool + start + end)


def proto_field(number, payload):
    length, encoded = len(payload), b""
    while True:
        byte = length & 0x7F
        length >>= 7
        encoded += bytes([byte | (0x80 if length else 0)])
        if not length:
            break
    return bytes([number << 3 | 2]) + encoded + payload


def proto_manifest(package):
    """base/manifest/AndroidManifest.xml of an app bundle: XmlNode { element { name, attribute } }."""
    attribute = proto_field(2, b"package") + proto_field(3, package.encode())
    element = proto_field(3, b"manifest") + proto_field(4, attribute)
    return proto_field(1, element)


def write_zip(path, entries):
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            archive.writestr(zipfile.ZipInfo(name, ZIP_TIME), data)


def keystore(folder, alias, subject):
    store = folder / (alias + ".p12")
    subprocess.run(["keytool", "-genkeypair", "-keystore", str(store), "-storetype", "PKCS12", "-storepass", "android",
                    "-alias", alias, "-keyalg", "EC", "-groupname", "secp256r1", "-validity", "10000", "-dname", subject],
                   check=True, capture_output=True)
    der = subprocess.run(["keytool", "-exportcert", "-keystore", str(store), "-storepass", "android", "-alias", alias],
                         check=True, capture_output=True).stdout
    fingerprint = ":".join("%02X" % b for b in hashlib.sha256(der).digest())
    return store, alias, fingerprint


def signed(path, entries, key):
    store, alias, _ = key
    write_zip(path, entries)
    subprocess.run(["jarsigner", "-keystore", str(store), "-storepass", "android", "-sigalg", "SHA256withECDSA",
                    "-digestalg", "SHA-256", str(path), alias], check=True, capture_output=True)


def apk(path, key, package=PACKAGE):
    signed(path, [("AndroidManifest.xml", binary_manifest(package)), ("classes.dex", b"dex\n035\0")], key)


def bundle(path, key, package=PACKAGE):
    signed(path, [("base/manifest/AndroidManifest.xml", proto_manifest(package)), ("base/dex/classes.dex", b"dex\n035\0")], key)


def certificate(key):
    """The DER certificate of a key made by `keystore`."""
    store, alias, _ = key
    return subprocess.run(["keytool", "-exportcert", "-keystore", str(store), "-storepass", "android", "-alias", alias],
                          check=True, capture_output=True).stdout


V2_BLOCK_ID, V3_BLOCK_ID, PROOF_OF_ROTATION_ID = 0x7109871A, 0xF05368C0, 0x3BA06F8C


def prefixed(data):
    return struct.pack("<I", len(data)) + data


def block_value(der, v3=False, rotated_from=()):
    """A v2 or v3 block value with one signer whose certificate is `der` and, for v3, a proof of
    rotation from the certificates `rotated_from` (ANDROID.md 4.1 and 4.2). Digests and
    signatures are left empty: aasalint reads certificates, and no device installs a fixture."""
    attributes = b""
    if rotated_from:
        nodes = b"".join(prefixed(prefixed(prefixed(node) + struct.pack("<I", 0x0103)) + struct.pack("<II", 0, 0x0103) + prefixed(b""))
                         for node in list(rotated_from) + [der])
        attributes = prefixed(struct.pack("<II", PROOF_OF_ROTATION_ID, 1) + nodes)
    sdk = struct.pack("<II", 28, 0x7FFFFFFF) if v3 else b""
    signed_data = prefixed(b"") + prefixed(prefixed(der)) + sdk + prefixed(attributes)
    return prefixed(prefixed(prefixed(signed_data) + sdk + prefixed(b"") + prefixed(b"\x01")))


def with_signing_block(path, pairs):
    """Puts an APK Signing Block of the (ID, value) `pairs` before the zip's central directory."""
    data = path.read_bytes()
    end = data.rfind(b"PK\x05\x06")
    directory = struct.unpack_from("<I", data, end + 16)[0]
    body = b"".join(struct.pack("<QI", len(value) + 4, block_id) + value for block_id, value in pairs)
    size = len(body) + 8 + 16
    block = struct.pack("<Q", size) + body + struct.pack("<Q", size) + b"APK Sig Block 42"
    data = data[:directory] + block + data[directory:]
    end += len(block)
    path.write_bytes(data[:end + 16] + struct.pack("<I", directory + len(block)) + data[end + 20:])


def assetlinks(path, fingerprints, package=PACKAGE):
    statement = {"relation": ["delegate_permission/common.handle_all_urls"],
                 "target": {"namespace": "android_app", "package_name": package, "sha256_cert_fingerprints": fingerprints}}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps([statement], indent=2) + "\n")


def scenario(folder, configuration):
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    (folder / ".aasalint.yml").write_text(configuration)


def case(rule, name, make, key, granted, configuration=""):
    """A scenario folder: the configuration (the domain's file, and `configuration`), the app
    `make` writes signed with `key`, and an assetlinks.json granting the package `granted`."""
    folder = RULES / rule / name
    scenario(folder, "domains:\n  shop.example.com:\n    assetlinks: web/.well-known/assetlinks.json\n" + configuration)
    make(folder / "build", key)
    assetlinks(folder / "web/.well-known/assetlinks.json", granted)


def main():
    wanted = set(sys.argv[1:])
    writes = lambda rule: not wanted or rule in wanted
    with tempfile.TemporaryDirectory() as keys:
        keys = Path(keys)
        release = keystore(keys, "release", "CN=Example Shop,O=Example,C=US")
        upload = keystore(keys, "upload", "CN=Example Shop Upload,O=Example,C=US")
        debug = keystore(keys, "androiddebugkey", "CN=Android Debug,O=Android,C=US")
        shop_apk = lambda build, key: apk(build / "shop.apk", key)
        shop_bundle = lambda build, key: bundle(build / "shop.aab", key)

        def rotated_apk(build, key):
            """An APK whose v1 signer is `key` and whose v3 signer is the release key, rotated from `key`."""
            apk(build / "shop.apk", key)
            with_signing_block(build / "shop.apk",
                               [(V3_BLOCK_ID, block_value(certificate(release), v3=True, rotated_from=[certificate(key)]))])

        def unbuilt_apk(build, key):
            """An APK whose manifest is text XML, as written rather than compiled: its package cannot be read."""
            signed(build / "shop.apk", [("AndroidManifest.xml", b'<manifest package="com.example.shop"/>\n')], key)

        if writes("apk-not-in-assetlinks"):
            case("apk-not-in-assetlinks", "not-granted", shop_apk, release, [upload[2]])
            case("apk-not-in-assetlinks", "granted", shop_apk, release, [PLAY_KEY, release[2]])
            case("apk-not-in-assetlinks", "package-from-configuration", unbuilt_apk, release, [upload[2]],
                 "apps:\n  - package: com.example.shop\n")
            case("apk-not-in-assetlinks", "old-key-only", rotated_apk, upload, [upload[2]])
        if writes("app-bundle-upload-key-only"):
            case("app-bundle-upload-key-only", "upload-key-only", shop_bundle, upload, [upload[2]],
                 "apps:\n  - package: com.example.shop\n    fingerprints: [\"%s\"]\n" % upload[2])
            case("app-bundle-upload-key-only", "app-signing-key", shop_bundle, upload, [PLAY_KEY, upload[2]])

        if writes("debug-certificate-in-release"):
            folder = RULES / "debug-certificate-in-release"
            folder.mkdir(parents=True, exist_ok=True)
            for name in ["debug-signed-release.apk", "debug-signed.apk", "release-signed-release.apk"]:
                (folder / name).unlink(missing_ok=True)
            apk(folder / "debug-signed-release.apk", debug)
            apk(folder / "debug-signed.apk", debug)
            apk(folder / "release-signed-release.apk", release)

        if writes("apk-signers-disagree"):
            # jarsigner writes the v1 signature; the signing block is put in after it.
            folder = RULES / "apk-signers-disagree"
            folder.mkdir(parents=True, exist_ok=True)
            for name, v1_key, block in [
                ("disagree.apk", upload, [(V2_BLOCK_ID, block_value(certificate(release)))]),
                ("same-key.apk", release, [(V2_BLOCK_ID, block_value(certificate(release)))]),
                ("rotated.apk", upload, [(V3_BLOCK_ID, block_value(certificate(release), v3=True, rotated_from=[certificate(upload)]))]),
            ]:
                (folder / name).unlink(missing_ok=True)
                apk(folder / name, v1_key)
                with_signing_block(folder / name, block)


if __name__ == "__main__":
    main()
