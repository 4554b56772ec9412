#!/usr/bin/env python3
"""A plugin that answers something that is not JSON."""
import sys
sys.stdin.read()
print("Traceback: everything is fine")
