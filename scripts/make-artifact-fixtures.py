#!/usr/bin/env python3
"""Writes the signed-artifact fixtures: minimal Mach-O executables whose LC_CODE_SIGNATURE holds a
SuperBlob (a CodeDirectory, the XML entitlements blob and the DER entitlements blob), fat binaries,
and the .app, .ipa and .xcarchive layouts around them (each app with an App Clip and an extension),
and the small executables that seed the macho fuzz target (Fuzz/seeds/macho).

Run from the package root, after scripts/make-profile-fixtures.sh (whose profiles are embedded):

    python3 scripts/make-artifact-fixtures.py

Standard library only. The output is the same bytes on every run: zip entries carry a fixed
timestamp, and nothing depends on the clock or the machine. The executables hold no code; only
the structures aasalint reads are real.
"""

import hashlib
import plistlib
import shutil
import struct
import zipfile
from pathlib import Path

ROOT = Path("Fixtures/artifacts")
PROFILES = ROOT / "profiles"
RULES = Path("Fixtures/rules/signed-slices-disagree")
TEAM = "Q7KX2M9P4L"  # the team of the profiles scripts/make-profile-fixtures.sh writes
ZIP_TIME = (2026, 1, 1, 0, 0, 0)

CPU_ARM64 = 0x0100000C
CPU_X86_64 = 0x01000007
CPU_ARMV7 = 12
CPU_POWERPC = 18
MH_EXECUTE = 2
LC_SEGMENT_64 = 0x19
LC_SEGMENT = 0x1
LC_CODE_SIGNATURE = 0x1D

DOMAINS = ["applinks:shop.example.com", "webcredentials:shop.example.com"]


def entitlements(bundle_id, domains=DOMAINS, get_task_allow=False, aps="production"):
    values = {
        "application-identifier": f"{TEAM}.{bundle_id}",
        "com.apple.developer.team-identifier": TEAM,
        "get-task-allow": get_task_allow,
    }
    if aps:
        values["aps-environment"] = aps
    if domains:
        values["com.apple.developer.associated-domains"] = domains
    return values


def der_length(length):
    if length < 0x80:
        return bytes([length])
    encoded = length.to_bytes((length.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(encoded)]) + encoded


def der(tag, content):
    return bytes([tag]) + der_length(len(content)) + content


def der_value(value):
    """Entitlements in DER as codesign writes them: a dictionary is a context-specific [16] set of
    key/value sequences, arrays are sequences, strings UTF8String, booleans BOOLEAN."""
    if isinstance(value, bool):
        return der(0x01, b"\xff" if value else b"\x00")
    if isinstance(value, str):
        return der(0x0C, value.encode())
    if isinstance(value, list):
        return der(0x30, b"".join(der_value(item) for item in value))
    if isinstance(value, dict):
        pairs = [der(0x30, der(0x0C, key.encode()) + der_value(item)) for key, item in sorted(value.items())]
        return der(0xB0, b"".join(pairs))
    raise TypeError(value)


def der_entitlements(values):
    return der(0x70, der(0x02, b"\x01") + der_value(values))


def blob(magic, payload):
    return struct.pack(">II", magic, 8 + len(payload)) + payload


def code_directory(identifier, code, special_slots):
    """A CodeDirectory (version 0x20400) hashing the code in 4 KB pages and the special slots."""
    page = 4096
    code_hashes = [hashlib.sha256(code[i:i + page]).digest() for i in range(0, max(len(code), 1), page)]
    ident = identifier.encode() + b"\0"
    team = TEAM.encode() + b"\0"
    header_length = 88
    ident_offset = header_length
    team_offset = ident_offset + len(ident)
    hash_offset = team_offset + len(team) + 32 * len(special_slots)
    body = ident + team + b"".join(reversed(special_slots)) + b"".join(code_hashes)
    header = struct.pack(
        ">IIIIIIIIIBBBBIIIIQQQQ",
        0xFADE0C02, header_length + len(body), 0x20400, 0,
        hash_offset, ident_offset, len(special_slots), len(code_hashes), len(code),
        32, 2, 0, 12, 0, 0, team_offset, 0, 0, 0, 0, 0)
    assert len(header) == header_length
    return header + body


def superblob(identifier, code, values, der_values=None):
    xml = plistlib.dumps(values, fmt=plistlib.FMT_XML, sort_keys=True)
    der_blob = blob(0xFADE7172, der_entitlements(values if der_values is None else der_values))
    xml_blob = blob(0xFADE7171, xml)
    empty = b"\0" * 32
    # Special slots 1..7: Info.plist, requirements, resources, application, entitlements, -, DER.
    slots = [empty, empty, empty, empty, hashlib.sha256(xml_blob).digest(), empty, hashlib.sha256(der_blob).digest()]
    blobs = [
        (0, code_directory(identifier, code, slots)),
        (5, xml_blob),
        (7, der_blob),
        (0x10000, blob(0xFADE0B01, b"")),
    ]
    offset = 12 + 8 * len(blobs)
    index = b""
    data = b""
    for slot_type, content in blobs:
        index += struct.pack(">II", slot_type, offset + len(data))
        data += content
    return struct.pack(">III", 0xFADE0CC0, 12 + len(index) + len(data), len(blobs)) + index + data


def thin_macho(identifier, values, cpu=CPU_ARM64, der_values=None, big_endian=False, bits=64):
    """MH_EXECUTE with a __LINKEDIT segment around the code signature, and LC_CODE_SIGNATURE."""
    order = ">" if big_endian else "<"
    code = identifier.encode() * 8
    header_length = 32 if bits == 64 else 28
    segment_length = 72 if bits == 64 else 56
    commands_length = segment_length + 16
    code_offset = header_length + commands_length
    signature_offset = (code_offset + len(code) + 15) // 16 * 16
    padding = b"\0" * (signature_offset - code_offset - len(code))
    signature = superblob(identifier, code, values, der_values)
    if bits == 64:
        header = struct.pack(order + "IiiIIIII", 0xFEEDFACF, cpu, 0, MH_EXECUTE, 2, commands_length, 0, 0)
        segment = struct.pack(order + "II16sQQQQiiII", LC_SEGMENT_64, segment_length, b"__LINKEDIT",
                              0x100000000, 0x4000, signature_offset, len(signature), 1, 1, 0, 0)
    else:
        header = struct.pack(order + "IiiIIII", 0xFEEDFACE, cpu, 0, MH_EXECUTE, 2, commands_length, 0)
        segment = struct.pack(order + "II16sIIIIiiII", LC_SEGMENT, segment_length, b"__LINKEDIT",
                              0x4000, 0x4000, signature_offset, len(signature), 1, 1, 0, 0)
    command = struct.pack(order + "IIII", LC_CODE_SIGNATURE, 16, signature_offset, len(signature))
    return header + segment + command + code + padding + signature


def fat_macho(slices, fat64=False):
    align = 14
    offset = 1 << align
    table = b""
    body = b""
    for cpu, data in slices:
        start = offset + len(body)
        if fat64:
            table += struct.pack(">iiQQII", cpu, 0, start, len(data), align, 0)
        else:
            table += struct.pack(">iiIII", cpu, 0, start, len(data), align)
        body += data + b"\0" * (-len(data) % (1 << align))
    header = struct.pack(">II", 0xCAFEBABF if fat64 else 0xCAFEBABE, len(slices)) + table
    assert len(header) <= offset
    return header + b"\0" * (offset - len(header)) + body


def info_plist(name, bundle_id, package="APPL", binary=False):
    values = {
        "CFBundleExecutable": name,
        "CFBundleIdentifier": bundle_id,
        "CFBundleName": name,
        "CFBundlePackageType": package,
        "CFBundleShortVersionString": "1.0",
        "CFBundleVersion": "1",
    }
    return plistlib.dumps(values, fmt=plistlib.FMT_BINARY if binary else plistlib.FMT_XML, sort_keys=True)


def profile(name):
    path = PROFILES / name
    return path.read_bytes() if path.exists() else b"placeholder: run scripts/make-profile-fixtures.sh first"


def app_tree(name="Shop", bundle_id="com.example.shop", executable=None, app_profile="appstore.mobileprovision", clip_domains=DOMAINS):
    """The files of Shop.app (path inside the .app -> bytes): the app, an App Clip, an extension."""
    executable = executable or fat_macho([
        (CPU_ARM64, thin_macho(bundle_id, entitlements(bundle_id))),
        (CPU_X86_64, thin_macho(bundle_id, entitlements(bundle_id), cpu=CPU_X86_64)),
    ])
    clip_id = bundle_id + ".Clip"
    widget_id = bundle_id + ".widget"
    clip_entitlements = entitlements(clip_id, domains=clip_domains)
    clip_entitlements["com.apple.developer.parent-application-identifiers"] = [f"{TEAM}.{bundle_id}"]
    return {
        "Info.plist": info_plist(name, bundle_id),
        name: executable,
        "embedded.mobileprovision": profile(app_profile),
        "AppClips/ShopClip.app/Info.plist": info_plist("ShopClip", clip_id, binary=True),
        "AppClips/ShopClip.app/ShopClip": thin_macho(clip_id, clip_entitlements),
        "AppClips/ShopClip.app/embedded.mobileprovision": profile("wildcard.mobileprovision"),
        "PlugIns/ShopWidget.appex/Info.plist": info_plist("ShopWidget", widget_id, package="XPC!"),
        "PlugIns/ShopWidget.appex/ShopWidget": thin_macho(widget_id, entitlements(widget_id, domains=None, aps=None)),
        "PlugIns/ShopWidget.appex/embedded.mobileprovision": profile("wildcard.mobileprovision"),
    }


def write_folder(folder, files):
    if folder.exists():
        shutil.rmtree(folder)
    for inner, data in sorted(files.items()):
        path = folder / inner
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def write_zip(path, files):
    """Executables deflated, the rest stored, as Xcode's export does; fixed timestamps and Unix attributes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w") as archive:
        for inner, data in sorted(files.items()):
            info = zipfile.ZipInfo(inner, date_time=ZIP_TIME)
            info.create_system = 3
            info.external_attr = 0o100644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED if data[:4] in (b"\xca\xfe\xba\xbe", b"\xcf\xfa\xed\xfe") else zipfile.ZIP_STORED
            archive.writestr(info, data, compresslevel=9)


def under(prefix, files):
    return {f"{prefix}/{inner}": data for inner, data in files.items()}


def main():
    shop = app_tree()
    write_folder(ROOT / "Shop.app", shop)
    write_zip(ROOT / "Shop.ipa", under("Payload/Shop.app", shop))
    archive_info = plistlib.dumps({"ApplicationProperties": {"ApplicationPath": "Applications/Shop.app",
                                                             "CFBundleIdentifier": "com.example.shop"},
                                   "ArchiveVersion": 2, "Name": "Shop"}, fmt=plistlib.FMT_XML, sort_keys=True)
    write_folder(ROOT / "Shop.xcarchive", {"Info.plist": archive_info, **under("Products/Applications/Shop.app", shop)})

    debug_id = "com.example.shop"
    debug = app_tree(executable=thin_macho(debug_id, entitlements(debug_id, get_task_allow=True, aps="development")),
                     app_profile="development.mobileprovision")
    write_zip(ROOT / "ShopDebug.ipa", under("Payload/Shop.app", debug))

    macho = ROOT / "macho"
    macho.mkdir(parents=True, exist_ok=True)
    values = entitlements("com.example.shop")
    (macho / "thin-arm64").write_bytes(thin_macho("com.example.shop", values))
    (macho / "thin-ppc-big-endian-32").write_bytes(
        thin_macho("com.example.shop", values, cpu=CPU_POWERPC, big_endian=True, bits=32))
    (macho / "fat-arm64-armv7").write_bytes(fat_macho([
        (CPU_ARM64, thin_macho("com.example.shop", values)),
        (CPU_ARMV7, thin_macho("com.example.shop", values, cpu=CPU_ARMV7, bits=32)),
    ]))
    (macho / "fat64-arm64-x86_64").write_bytes(fat_macho([
        (CPU_ARM64, thin_macho("com.example.shop", values)),
        (CPU_X86_64, thin_macho("com.example.shop", values, cpu=CPU_X86_64)),
    ], fat64=True))

    seeds = Path("Fuzz/seeds/macho")
    seeds.mkdir(parents=True, exist_ok=True)
    for name in ("thin-arm64", "thin-ppc-big-endian-32"):
        shutil.copyfile(macho / name, seeds / name)

    disagreeing = fat_macho([
        (CPU_ARM64, thin_macho("com.example.shop", values)),
        (CPU_X86_64, thin_macho("com.example.shop", entitlements("com.example.shop", domains=DOMAINS[:1], get_task_allow=True),
                                cpu=CPU_X86_64)),
    ])
    (macho / "fat-disagreeing").write_bytes(disagreeing)
    RULES.mkdir(parents=True, exist_ok=True)
    write_zip(RULES / "slices-disagree.ipa", under("Payload/Shop.app", app_tree(executable=disagreeing)))
    write_zip(RULES / "slices-agree.ipa", under("Payload/Shop.app", shop))
    profile_rule_fixtures(shop)
    remote_fixtures()
    app_clip_rule_fixtures()


def remote_fixtures():
    """The .ipa that lint --remote checks against Fixtures/remote/server.py: shop.example.com lists the
    app, good.example.com does not, the wildcard covers both, and the developer-mode host is not fetched."""
    bundle_id = "com.example.shop"
    domains = DOMAINS + ["applinks:good.example.com", "applinks:*.example.com", "applinks:staging.example.com?mode=developer"]
    executable = thin_macho(bundle_id, entitlements(bundle_id, domains=domains))
    write_zip(ROOT / "remote" / "Shop.ipa", under("Payload/Shop.app", app_tree(executable=executable)))


def profile_rule_fixtures(shop):
    """The .ipa cases of the rules that compare signed entitlements with the embedded profile."""
    def ipa(rule, case, app_profile="appstore.mobileprovision", bundle_id="com.example.shop", **signed):
        executable = thin_macho(bundle_id, entitlements(bundle_id, **signed))
        folder = Path("Fixtures/rules") / rule
        folder.mkdir(parents=True, exist_ok=True)
        write_zip(folder / case, under("Payload/Shop.app", app_tree(bundle_id=bundle_id, executable=executable,
                                                                     app_profile=app_profile)))

    ipa("signed-domains-not-in-profile", "unlisted-domain.ipa", domains=DOMAINS + ["applinks:blog.example.com"])
    ipa("signed-domains-not-in-profile", "no-capability.ipa", app_profile="no-associated-domains.mobileprovision")
    ipa("signed-domains-not-in-profile", "any-domain.ipa", app_profile="domains-any.mobileprovision",
        domains=["applinks:*.example.com"])
    write_zip(Path("Fixtures/rules/signed-domains-not-in-profile/listed.ipa"), under("Payload/Shop.app", shop))
    ipa("distribution-signed-development", "push-sandbox.ipa", aps="development")
    ipa("distribution-signed-development", "developer-mode.ipa", domains=["applinks:shop.example.com?mode=developer"])
    ipa("distribution-signed-development", "debuggable-ad-hoc.ipa", app_profile="adhoc.mobileprovision", get_task_allow=True)
    ipa("distribution-signed-development", "development-profile.ipa", app_profile="development.mobileprovision",
        aps="development", get_task_allow=True)
    write_zip(Path("Fixtures/rules/distribution-signed-development/distribution.ipa"), under("Payload/Shop.app", shop))
    ipa("team-mismatch", "other-bundle.ipa", bundle_id="com.example.store")
    ipa("team-mismatch", "wildcard-profile.ipa", app_profile="wildcard.mobileprovision", bundle_id="com.example.store")
    # The project's files beside each copy (Xcode project, .aasalint.yml, .entitlements) are written by hand.
    for case in ("xcode-project-drift", "configured-app-drift", "same-domains", "unresolved-setting"):
        write_zip(Path("Fixtures/rules/signed-entitlements-drift") / case / "Shop.ipa", under("Payload/Shop.app", shop))


def app_clip_rule_fixtures():
    """app-clip-parent on signed apps: the clip in AppClips/ and its full app, with or without the same appclips: entry;
    browser-applinks on a signed browser."""
    bundle_id = "com.example.shop"
    clip_domains = ["appclips:shop.example.com"]
    folder = Path("Fixtures/rules/app-clip-parent")
    folder.mkdir(parents=True, exist_ok=True)
    for case, app_domains in (("signed-parent-without-appclips.ipa", DOMAINS),
                              ("signed-clip-and-parent-agree.ipa", DOMAINS + clip_domains)):
        executable = thin_macho(bundle_id, entitlements(bundle_id, domains=app_domains))
        write_zip(folder / case, under("Payload/Shop.app", app_tree(executable=executable, clip_domains=clip_domains)))
    browser = entitlements(bundle_id)
    browser["com.apple.developer.web-browser"] = True
    write_zip(Path("Fixtures/rules/browser-applinks/signed-browser.ipa"),
              under("Payload/Shop.app", app_tree(executable=thin_macho(bundle_id, browser))))


if __name__ == "__main__":
    main()
