#!/bin/bash
echo "offline_java_tools: $(basename "$0") is not available offline" >&2
exit 1
