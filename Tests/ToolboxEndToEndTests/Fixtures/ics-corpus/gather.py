#!/usr/bin/env python3
"""Gathers this corpus from the test data of iCalendar implementations (see SOURCES.md).

    python3 gather.py CLONES OUT

CLONES holds a git clone (or bare repository) of each source as OWNER+NAME (libical+libical, ...);
the files are copied from each one's HEAD into OUT/<project>/, flattened (folder/name.ics becomes
folder__name.ics), with the project's licence texts, OUT/sources.tsv (file, project, upstream path,
commit, licence) and OUT/skipped.tsv (what was left out and why). Files over MAXSIZE are left out;
malformed iCalendar, other encodings and control bytes are kept: refusing them with a message is an
outcome the corpus test checks.
"""
import os, re, subprocess, sys

# project folder, repository, files (a regular expression on the upstream path), licence, licence files
SOURCES = [
    ('icalendar', 'collective/icalendar', r'^(src/icalendar/(tests|fuzzing/corpus)/|docs/).*\.ics$',
     'BSD-2-Clause', ['LICENSE.rst']),
    ('recurring-ical-events', 'niccokunzmann/python-recurring-ical-events',
     r'^recurring_ical_events/test/calendars/.*\.ics$', 'LGPL-3.0-or-later', ['LICENSE']),
    ('khal', 'pimutils/khal', r'^tests/ics/.*\.ics$', 'MIT', ['COPYING']),
    ('ical.js', 'kewisch/ical.js', r'^(test|samples)/.*\.ics$', 'MPL-2.0', ['LICENSE']),
    ('libical', 'libical/libical',
     r'^(test-data/[^/]*|src/test/[^/]*|src/Net-ICal-Libical/test-data/[^/]*)\.ics$',
     'LGPL-2.1-only OR MPL-2.0', ['LICENSE.txt', 'LICENSES/MPL-2.0.txt', 'LICENSES/LGPL-2.1-only.txt']),
    ('ical4j', 'ical4j/ical4j', r'^src/test/resources/(samples|net/fortuna/ical4j/data)/.*\.ics$',
     'BSD-3-Clause', ['LICENSE.txt']),
    ('ical.net', 'rianjs/ical.net', r'^src/.*\.ics$', 'MIT', ['license.md']),
    ('icalevents', 'jazzband/icalevents', r'^test/test_data/.*\.ics$', 'MIT', ['LICENSE']),
    ('x-wr-timezone', 'niccokunzmann/x-wr-timezone', r'^test/calendars/.*\.ics$', 'LGPL-3.0-or-later',
     ['LICENSE']),
    ('node-ical', 'jens-maus/node-ical', r'^(test|examples)/.*\.ics$', 'Apache-2.0', ['LICENSE']),
]
# Folders whose leading part is dropped from the flattened names.
PREFIX = (r'^(src/icalendar/|recurring_ical_events/test/calendars/|tests/ics/|src/test/resources/|'
          r'src/Ical.Net.CoreUnitTests/Calendars/|test/test_data/|test/calendars/)')
MAXSIZE = 200_000
# The GNU GPL that the LGPL-3.0 supplements, shipped beside it (Debian's copy).
GPL3 = '/usr/share/common-licenses/GPL-3'


def git(repo, *words):
    return subprocess.check_output(['git', '-C', repo, *words])


def main(clones, out):
    rows, skipped = [], []
    for project, repo, pattern, licence, licence_files in SOURCES:
        clone = os.path.join(clones, repo.replace('/', '+'))
        commit = git(clone, 'rev-parse', 'HEAD').decode().strip()
        folder = os.path.join(out, project)
        os.makedirs(folder, exist_ok=True)
        for index, name in enumerate(licence_files):
            target = 'LICENSE' if index == 0 else 'LICENSE-' + os.path.basename(name)[:-len('.txt')]
            if licence.startswith('LGPL-3'):
                target = 'LICENSE-LGPL-3'
                with open(GPL3, 'rb') as gpl, open(os.path.join(folder, 'LICENSE-GPL-3'), 'wb') as copy:
                    copy.write(gpl.read())
            with open(os.path.join(folder, target), 'wb') as copy:
                copy.write(git(clone, 'show', f'HEAD:{name}'))
        for line in git(clone, 'ls-tree', '-r', '-l', 'HEAD').decode().splitlines():
            meta, path = line.split('\t', 1)
            if not re.match(pattern, path) or 'zoneinfo' in path:
                continue
            size = int(meta.split()[3])
            if size > MAXSIZE:
                skipped.append((project, path, commit, f'{size} bytes, over {MAXSIZE}'))
                continue
            name = re.sub(r'[^A-Za-z0-9._+-]', '_', re.sub(PREFIX, '', path).replace('/', '__'))
            with open(os.path.join(folder, name), 'wb') as copy:
                copy.write(git(clone, 'show', f'HEAD:{path}'))
            rows.append((f'{project}/{name}', f'https://github.com/{repo}', path, commit, licence))
    with open(os.path.join(out, 'sources.tsv'), 'w') as table:
        table.write('file\tproject\tupstream path\tcommit\tlicence\n')
        for row in sorted(rows):
            table.write('\t'.join(row) + '\n')
    with open(os.path.join(out, 'skipped.tsv'), 'w') as table:
        table.write('project\tupstream path\tcommit\twhy not included\n')
        for row in skipped:
            table.write('\t'.join(row) + '\n')
    print(len(rows), 'files;', len(skipped), 'left out')


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
