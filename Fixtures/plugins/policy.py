#!/usr/bin/env python3
"""An example aasalint plugin (protocol version 1, see docs/plugins.md).

Reads the request from standard input and reports every applinks host... every appID whose
bundle ID does not start with the company's prefix, and every component that opens /checkout.
"""
import json
import sys

PREFIX = "com.example."

request = json.load(sys.stdin)
diagnostics = []
for file in request["files"]:
    document = file.get("document")
    if file["kind"] != "aasa" or not isinstance(document, dict):
        continue
    details = document.get("applinks", {}).get("details", [])
    for entry_index, entry in enumerate(details if isinstance(details, list) else []):
        for app_index, app_id in enumerate(entry.get("appIDs", [])):
            bundle_id = app_id.split(".", 1)[-1]
            if not bundle_id.startswith(PREFIX):
                diagnostics.append({
                    "rule": "bundle-prefix",
                    "severity": "warning",
                    "message": f"{app_id} is not one of the company's apps (bundle IDs start with {PREFIX})",
                    "file": file["path"],
                    "pointer": f"/applinks/details/{entry_index}/appIDs/{app_index}",
                })
        for component_index, component in enumerate(entry.get("components", [])):
            path = component.get("/", "")
            if path.startswith("/checkout") and not component.get("exclude", False):
                diagnostics.append({
                    "rule": "checkout-stays-on-web",
                    "severity": "error",
                    "message": "/checkout must never open the app",
                    "file": file["path"],
                    "pointer": f"/applinks/details/{entry_index}/components/{component_index}/~1",
                    "exampleURL": "https://example.com/checkout/cart",
                })
json.dump({"diagnostics": diagnostics}, sys.stdout)
