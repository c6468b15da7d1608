#!/usr/bin/env python3
"""Turns memory traces of toolbox commands into the link order of toolbox's code and data.

Used by scripts/generate-link-order; see there and docs/DEVELOPMENT.md (Speed).

    link-order.py BINARY MAP OUT_DIR TRACE...

BINARY is the unstripped release binary the traces were taken from, MAP lld's link map of it (-Map),
TRACE files are valgrind lackey logs (--trace-mem=yes) in the order their commands should be laid out.
Writes two files to OUT_DIR:

- link-order.txt (lld --symbol-ordering-file): every function and data object the commands touch, once,
  in the order first touched, so that what start-up touches lies on as few pages as possible. lld places
  a section where the first of its names is, so names in sections of up to SMALL bytes (a function or
  two) come first, then names in sections up to LARGE bytes (a C file, or a Swift file of a library built
  without function sections), then names in larger ones (the standard library's Swift.o keeps 1.6 MB of
  code in one section; placed early, it would spread everything after it over 1.6 MB).
- link-order.ld (a linker script lld inserts before .text): the code the commands run that has no name
  the ordering file could give (the compiler's private functions, such as closure contexts' destroy
  functions, have sections but no symbols), by object file and section.
"""
import bisect
import re
import subprocess
import sys

SMALL = 4 * 1024
LARGE = 64 * 1024
FUNCTION_TYPES = set("tTwW")
DATA_TYPES = set("dDbBrRvV")


def symbols(binary):
    """(start, end, name) for functions and for data objects, each sorted by address."""
    functions, data = [], []
    out = subprocess.run(
        ["nm", "--defined-only", "-n", "-S", binary], check=True, capture_output=True, text=True
    ).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) != 4:
            continue
        start, size, kind, name = int(parts[0], 16), int(parts[1], 16), parts[2], parts[3]
        if size == 0:
            continue
        if kind in FUNCTION_TYPES:
            functions.append((start, start + size, name))
        elif kind in DATA_TYPES:
            data.append((start, start + size, name))
    return functions, data


class Lookup:
    """Finds the range (start, end, value) holding an address."""

    def __init__(self, ranges):
        self.ranges = sorted(ranges)
        self.starts = [r[0] for r in self.ranges]
        self.last = (0, 0, None)

    def find(self, address):
        lo, hi, value = self.last
        if lo <= address < hi:
            return value
        i = bisect.bisect_right(self.starts, address) - 1
        if i < 0 or address >= self.ranges[i][1]:
            return None
        self.last = self.ranges[i]
        return self.last[2]


def read_map(map_file):
    """From lld's -Map output: the size of the largest input section defining each name, and the input
    sections of code (.text, and .text.unnamed from an earlier link-order.ld) as (start, end,
    "file:(section)"). In the map, an output section's name starts at column 48, an input section's at 56
    and a symbol's at 64."""
    pattern = re.compile(r"^(\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ )(\s*)(\S.*)$")
    sizes, text_sections = {}, []
    output, section_size = None, 0
    with open(map_file) as f:
        for line in f:
            m = pattern.match(line)
            if not m:
                continue
            column = len(m.group(1)) + len(m.group(4))
            name = m.group(5)
            if column >= 64:
                sizes[name] = max(sizes.get(name, 0), section_size)
            elif column >= 56:
                start, section_size = int(m.group(2), 16), int(m.group(3), 16)
                if output is not None and output.startswith(".text") and section_size:
                    text_sections.append((start, start + section_size, name))
            else:
                output, section_size = name, 0
    return sizes, text_sections


def script_pattern(section):
    """A linker script input section description for "path/file.o:(.text..Lname)" or
    "path/libx.a(member.o):(.text..Lname)", independent of the folder the package is built in."""
    file, name = section.rsplit(":(", 1)
    name = name[:-1]
    if file.endswith(")") and ".a(" in file:
        archive, member = file[:-1].split("(", 1)
        return "*%s:%s(%s)" % (archive.rsplit("/", 1)[-1], member, name)
    folder, object_file = file.rsplit("/", 2)[-2:]
    return "*/%s/%s(%s)" % (folder, object_file, name)


def main():
    binary, map_file, out_dir, traces = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    functions, data = symbols(binary)
    code, objects = Lookup(functions), Lookup(data)
    sizes, text_sections = read_map(map_file)
    sections = Lookup(text_sections)
    names, seen_names = [], set()
    unnamed, seen_sections = [], set()
    for trace in traces:
        with open(trace, errors="replace") as f:
            for line in f:
                # "I  0040b670,4" (an instruction) or " L 03b36030,8" / " S …" / " M …" (data)
                if line.startswith("I"):
                    address = int(line[3:line.index(",")], 16)
                    name = code.find(address)
                    if name is None:
                        section = sections.find(address)
                        if section and "(.text..L" in section and section not in seen_sections:
                            seen_sections.add(section)
                            unnamed.append(section)
                elif line.startswith(" "):
                    name = objects.find(int(line[3:line.index(",")], 16))
                else:
                    continue
                if name is not None and name not in seen_names:
                    seen_names.add(name)
                    names.append(name)
    tiers = ([], [], [])
    for name in names:
        size = sizes.get(name, 0)
        tiers[0 if size <= SMALL else 1 if size <= LARGE else 2].append(name)
    with open(out_dir + "/link-order.txt", "w") as f:
        f.write("# Generated by scripts/generate-link-order: the functions and data toolbox's common commands\n")
        f.write("# touch, in the order they first touch them (lld --symbol-ordering-file). Do not edit.\n")
        for tier in tiers:
            for name in tier:
                f.write(name + "\n")
    with open(out_dir + "/link-order.ld", "w") as f:
        f.write("/* Generated by scripts/generate-link-order: the code toolbox's common commands run that has no\n")
        f.write("   symbol for link-order.txt to name, just before the code that file orders. Do not edit. */\n")
        f.write("SECTIONS\n{\n  .text.unnamed : {\n")
        for section in unnamed:
            f.write("    %s\n" % script_pattern(section))
        f.write("  }\n}\nINSERT BEFORE .text;\n")
    print("%d names in sections up to %d bytes, %d up to %d, %d in larger ones; %d sections without names"
          % (len(tiers[0]), SMALL, len(tiers[1]), LARGE, len(tiers[2]), len(unnamed)), file=sys.stderr)


if __name__ == "__main__":
    main()
