#!/bin/sh
# Writes the provisioning-profile and signed-AASA fixtures: real CMS SignedData (DER) made by
# `openssl cms -sign -nodetach`, signed with a throwaway self-signed certificate that is not kept.
# Nothing here is trusted by anything; aasalint only reads the encapsulated content.
#
# Run from the package root:
#
#     scripts/make-profile-fixtures.sh [REFERENCE-DATE]
#
# REFERENCE-DATE (default 2026-01-01) is the "now" the tests pass to the linter. Dates inside the
# profiles are relative to it (expired: 10 days before; expiring soon: 10 days after; the others: a
# year after), so the fixtures do not rot. The signature (and so the bytes) differs on every run;
# the payloads do not.
set -eu

reference=${1:-2026-01-01}
profiles=Fixtures/artifacts/profiles
signed_aasa=Fixtures/artifacts/signed-aasa
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

day() { date -u -d "$reference $1 days" +%Y-%m-%dT00:00:00Z; }
created=$(day -30)
expired=$(day -10)
soon=$(day +10)
later=$(day +365)

openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=aasalint fixture signer" \
    -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null

sign() { # sign INPUT OUTPUT [-stream]: streamed output is BER, with indefinite lengths, like Apple's
    openssl cms -sign -nodetach -binary -outform DER -signer "$work/cert.pem" -inkey "$work/key.pem" \
        -in "$1" -out "$2" ${3:-}
}

devices='<key>ProvisionedDevices</key>
	<array>
		<string>00008030-001A2B3C4D5E6F70</string>
		<string>00008101-000E1D2C3B4A5968</string>
	</array>'
all_devices='<key>ProvisionsAllDevices</key>
	<true/>'
domains_listed='<key>com.apple.developer.associated-domains</key>
		<array>
			<string>applinks:shop.example.com</string>
			<string>webcredentials:shop.example.com</string>
		</array>'
domains_any='<key>com.apple.developer.associated-domains</key>
		<string>*</string>'

# profile FILE NAME TEAM APP-ID EXPIRES DEVICES ENTITLEMENTS
profile() {
    cat >"$work/$1.plist" <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>AppIDName</key>
	<string>Shop</string>
	<key>ApplicationIdentifierPrefix</key>
	<array>
		<string>$3</string>
	</array>
	<key>CreationDate</key>
	<date>$created</date>
	<key>Entitlements</key>
	<dict>
		<key>application-identifier</key>
		<string>$3.$4</string>
		<key>com.apple.developer.team-identifier</key>
		<string>$3</string>
		$7
	</dict>
	<key>ExpirationDate</key>
	<date>$5</date>
	<key>Name</key>
	<string>$2</string>
	$6
	<key>TeamIdentifier</key>
	<array>
		<string>$3</string>
	</array>
	<key>TeamName</key>
	<string>Example Shop Ltd</string>
	<key>UUID</key>
	<string>$(printf '%s' "$1" | md5sum | sed -E 's/^(.{8})(.{4})(.{4})(.{4})(.{12}).*/\1-\2-\3-\4-\5/')</string>
	<key>Version</key>
	<integer>1</integer>
</dict>
</plist>
PLIST
    sign "$work/$1.plist" "$profiles/$1"
}

development_entitlements="<key>get-task-allow</key>
		<true/>
		<key>aps-environment</key>
		<string>development</string>
		$domains_listed"
distribution_entitlements="<key>get-task-allow</key>
		<false/>
		<key>aps-environment</key>
		<string>production</string>
		$domains_listed"

profile development.mobileprovision "iOS Team Provisioning Profile: com.example.shop" \
    Q7KX2M9P4L com.example.shop "$later" "$devices" "$development_entitlements"
profile adhoc.mobileprovision "Shop Ad Hoc" \
    Q7KX2M9P4L com.example.shop "$later" "$devices" "$distribution_entitlements"
profile appstore.mobileprovision "Shop App Store" \
    Q7KX2M9P4L com.example.shop "$later" "" "$distribution_entitlements"
profile enterprise.mobileprovision "Shop In-House" \
    Q7KX2M9P4L com.example.shop "$later" "$all_devices" "$distribution_entitlements"
profile domains-any.mobileprovision "Shop App Store (any domain)" \
    Q7KX2M9P4L com.example.shop "$later" "" "<key>aps-environment</key>
		<string>production</string>
		$domains_any"
profile no-associated-domains.mobileprovision "Shop App Store (no Associated Domains)" \
    Q7KX2M9P4L com.example.shop "$later" "" "<key>aps-environment</key>
		<string>production</string>"
profile expired.mobileprovision "Shop App Store (expired)" \
    Q7KX2M9P4L com.example.shop "$expired" "" "$distribution_entitlements"
profile expiring.mobileprovision "Shop App Store (expiring)" \
    Q7KX2M9P4L com.example.shop "$soon" "" "$distribution_entitlements"
profile wildcard.mobileprovision "Wildcard App Store" \
    Q7KX2M9P4L '*' "$later" "" "$distribution_entitlements"
cp "$profiles/appstore.mobileprovision" "$profiles/embedded.mobileprovision"
sign "$work/appstore.mobileprovision.plist" "$profiles/streamed.mobileprovision" -stream
# A profile of another team than its App ID's, as after copying a profile between accounts.
sed '/<key>TeamIdentifier<\/key>/{n;n;s/Q7KX2M9P4L/Z9Y8X7W6V5/;}' "$work/appstore.mobileprovision.plist" >"$work/other-team.plist"
sign "$work/other-team.plist" "$profiles/other-team.mobileprovision"
printf 'not a property list\n' >"$work/not-a-plist.txt"
sign "$work/not-a-plist.txt" "$profiles/not-a-plist.mobileprovision"

cat >"$work/apple-app-site-association" <<'JSON'
{
  "applinks": {
    "apps": [],
    "details": [
      {
        "appID": "Q7KX2M9P4L.com.example.shop",
        "paths": ["/products/*", "NOT /products/internal/*"]
      }
    ]
  }
}
JSON
sign "$work/apple-app-site-association" "$signed_aasa/apple-app-site-association"

# The rule fixtures are copies, so that each rule's folder holds its cases.
copy() { # copy PROFILE RULE CASE
    cp "$profiles/$1" "Fixtures/rules/$2/$3"
}
copy expired.mobileprovision profile-expired expired.mobileprovision
copy appstore.mobileprovision profile-expired current.mobileprovision
copy expiring.mobileprovision profile-expiring expiring.mobileprovision
copy appstore.mobileprovision profile-expiring current.mobileprovision
copy development.mobileprovision development-profile-in-release development-release.mobileprovision
copy development.mobileprovision development-profile-in-release development.mobileprovision
copy adhoc.mobileprovision development-profile-in-release adhoc-release.mobileprovision
copy appstore.mobileprovision development-profile-in-release appstore-release.mobileprovision
copy enterprise.mobileprovision development-profile-in-release enterprise-release.mobileprovision
copy appstore.mobileprovision team-mismatch appstore.mobileprovision
copy wildcard.mobileprovision team-mismatch wildcard.mobileprovision
copy other-team.mobileprovision team-mismatch other-team.mobileprovision
copy appstore.mobileprovision invalid-profile appstore.mobileprovision
copy streamed.mobileprovision invalid-profile streamed.mobileprovision
copy not-a-plist.mobileprovision invalid-profile not-a-plist.mobileprovision
head -c 200 "$profiles/appstore.mobileprovision" >Fixtures/rules/invalid-profile/truncated.mobileprovision
cp "$signed_aasa/apple-app-site-association" Fixtures/rules/signed-aasa/signed
