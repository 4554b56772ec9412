#!/usr/bin/env python3
"""A plugin that answers with more output than aasalint reads from a plugin."""
import sys
sys.stdin.read()
chunk = "x" * (1024 * 1024)
for _ in range(20):
    sys.stdout.write(chunk)
