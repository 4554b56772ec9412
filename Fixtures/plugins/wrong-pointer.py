#!/usr/bin/env python3
"""A plugin that reports a place that does not exist."""
import json
import sys
request = json.load(sys.stdin)
path = request["files"][0]["path"]
json.dump({"diagnostics": [{"rule": "x", "severity": "error", "message": "m", "file": path, "pointer": "/nowhere/3"}]}, sys.stdout)
