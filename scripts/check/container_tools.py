"""scripts/check/container-tools' reading of the workflows and scripts (see that script)."""
import glob, os, re, shutil, sys, tempfile
import yaml

# What each image has on PATH. swift:VERSION-noble is ubuntu:24.04 plus, from swiftlang/swift-docker's
# 6.x/ubuntu/24.04/Dockerfile: binutils git unzip gnupg2 libc6-dev libcurl4-openssl-dev libedit2
# libgcc-13-dev libpython3-dev libsqlite3-0 libstdc++-13-dev libxml2-dev libncurses-dev libz3-dev
# pkg-config tzdata zlib1g-dev and the toolchain; curl is installed to fetch the toolchain and purged
# (`apt-get purge --auto-remove -y curl`). libpython3-dev is the library, not python3.
UBUNTU = set("""
[ apt apt-cache apt-config apt-get apt-key apt-mark arch awk b2sum base32 base64 basename bash cat chgrp chmod
chown chroot cksum clear cmp comm cp csplit cut dash date dd df diff diff3 dir dircolors dirname dpkg dpkg-deb
dpkg-query du echo egrep env expand expr factor false fgrep find flock fmt fold getconf getent getopt grep
groups gunzip gzip head hostname iconv id install join ldconfig ldd link ln locale logger logname ls mawk
md5sum mkdir mkfifo mknod mktemp more mount mv nice nl nohup nproc numfmt od paste pathchk perl pr printenv
printf ptx pwd readlink realpath rename.ul rev rm rmdir run-parts script sed seq setsid sh sha1sum sha224sum
sha256sum sha384sum sha512sum shred shuf sleep sort split stat stdbuf stty su sum sync tac tail tar tee
tempfile test timeout touch tput tr true truncate tsort tty umount uname unexpand uniq unlink unshare users
vdir wc which who whoami xargs yes zcat zcmp zdiff zegrep zfgrep zforce zgrep zless zmore znew
""".split())
SWIFT_IMAGE = UBUNTU | set("""
addr2line ar as c++filt ld ld.bfd ld.gold nm objcopy objdump ranlib readelf size strings strip
git unzip funzip zipinfo zipgrep gpg pkg-config
swift swiftc swift-build swift-test swift-package swift-run swift-frontend swift-format swift-demangle
clang clang++ lld ld.lld lldb docc sourcekit-lsp
""".split())
IMAGES = {r"swift:[0-9.]+-noble": SWIFT_IMAGE}

# What an installed Debian/Ubuntu package puts on PATH, when that is not its own name.
PROVIDES = {
    "python3-yaml": {"python3"}, "python3-jsonschema": {"python3"}, "python3-pip": {"python3", "pip3"},
    "python3-xmlschema": {"python3"}, "python3-junitparser": {"python3"}, "python3-venv": {"python3"}, "ffmpeg": {"ffmpeg", "ffprobe"},
    "kotlin": {"kotlin", "kotlinc"}, "node-typescript": {"tsc", "node"}, "npm": {"npm", "node"},
    "nodejs": {"node"}, "pre-commit": {"pre-commit", "python3"}, "xz-utils": {"xz", "unxz"},
    "libsndfile1-dev": set(), "libsamplerate0-dev": set(), "zlib1g-dev": set(), "ca-certificates": set(),
}
# Only on a Mac: reached only in the scripts' Darwin branches.
DARWIN_ONLY = set("brew lipo codesign xcrun xcode-select ditto shasum security sw_vers uuidgen plutil open".split())
BUILTINS = set("""
. : [ [[ ]] alias bg bind break builtin caller case cd command compgen complete continue declare do done echo
elif else enable esac eval exec exit export false fc fg fi for function getopts hash help history if in jobs
kill let local logout mapfile popd printf pushd pwd read readarray readonly return select set shift shopt
source suspend test then time times trap true type typeset ulimit umask unalias unset until wait while { } !
""".split())
# Words after which the next word is still the command.
PREFIXES = set("if then else elif do while until ! { time exec nohup sudo env xargs".split())


def heredocs_removed(text):
    """The script without the bodies of here-documents (another language's text)."""
    out, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        line = lines[i]
        out.append(line)
        for match in re.finditer(r"<<(-?)\s*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\2", line):
            strip = match.group(1) == "-"
            i += 1
            while i < len(lines) and (lines[i].strip() if strip else lines[i]) != match.group(3):
                i += 1
        i += 1
    return "\n".join(out)


def commands(text):
    """The words of each command a shell script runs, with whether it is only asked about
    (`command -v X`): a small lexer that knows quotes, $(...), ${...}, here-documents, comments,
    array assignments and case patterns, which is all these scripts use."""
    text = re.sub(r"\\\n", " ", heredocs_removed(text))
    found = []
    n = len(text)

    def skip_balanced(i, open_, close):
        depth = 0
        while i < n:
            c = text[i]
            if c == "\\":
                i += 2
                continue
            if c == "'" and open_ != "{":
                i = text.find("'", i + 1) + 1 or n
                continue
            if c == open_:
                depth += 1
            elif c == close:
                depth -= 1
                if depth == 0:
                    return i + 1
            i += 1
        return n

    def parse(i, stop):
        """Commands from i to the `stop` character (None: the end); returns where it stopped."""
        words, expect_case, in_pattern = [], 0, False

        def emit():
            if words:
                found.append(list(words))
            words.clear()

        word = None
        while i < n:
            c = text[i]
            if in_pattern:
                # a case pattern up to its unquoted ")", or the case's end
                if text.startswith("esac", i) and (i + 4 == n or not (text[i + 4].isalnum() or text[i + 4] == "_")):
                    in_pattern = False
                    expect_case -= 1
                    i += 4
                    continue
                if c == ")":
                    in_pattern = False
                elif c in "'\"":
                    i = text.find(c, i + 1) + 1 or n
                    continue
                i += 1
                continue
            if stop and c == stop and word is None:
                emit()
                return i + 1
            if c in " \t" or c in "\n;&|()<>" or (stop and c == stop):
                if word is not None:
                    if c == "(" and word.endswith("="):
                        # an array assignment: its elements are not commands
                        i = skip_balanced(i, "(", ")")
                        word = None
                        continue
                    words.append(word)
                    if word == "case" and len(words) == 1:
                        expect_case += 1
                    elif word == "in" and expect_case and words[0] == "case":
                        words.clear()
                        in_pattern = True
                    word = None
                    continue
                if stop and c == stop:
                    continue
                if c in "<>":
                    # a redirection: its target is a file, not a word of the command
                    i += 1
                    while i < n and text[i] in "<>&=":
                        i += 1
                    while i < n and text[i] in " \t":
                        i += 1
                    if i < n and text[i] == "(":
                        i = parse(i + 1, ")")  # <(command)
                        continue
                    while i < n and text[i] not in " \t\n;|&)":
                        if text[i] in "'\"":
                            i = text.find(text[i], i + 1) + 1 or n
                        else:
                            i += 1
                    continue
                if c in "\n;&|(":
                    if c == ";" and text.startswith(";;", i) and expect_case:
                        emit()
                        in_pattern = True
                        i += 2
                        continue
                    emit()
                    if c == "(" and text.startswith("((", i):
                        i = skip_balanced(i, "(", ")")
                        continue
                    if c == "(":
                        i = parse(i + 1, ")")
                        continue
                elif c == ")":
                    emit()
                i += 1
                continue
            if c == "#" and word is None:
                while i < n and text[i] != "\n":
                    i += 1
                continue
            word = word or ""
            if c == "\\":
                word += text[i:i + 2]
                i += 2
            elif c == "'":
                end = text.find("'", i + 1)
                end = n if end < 0 else end
                word += text[i:end + 1]
                i = end + 1
            elif c == '"':
                # a double-quoted string: its $(...) are commands
                i += 1
                word += '"'
                while i < n and text[i] != '"':
                    if text[i] == "\\":
                        i += 2
                    elif text.startswith("$((", i):
                        i = skip_balanced(i + 1, "(", ")")
                    elif text.startswith("$(", i):
                        i = parse(i + 2, ")")
                    elif text.startswith("${", i):
                        i = skip_balanced(i + 1, "{", "}")
                    else:
                        word += text[i]
                        i += 1
                i += 1
            elif text.startswith("$((", i):
                i = skip_balanced(i + 1, "(", ")")
                word += "$"
            elif text.startswith("$(", i):
                i = parse(i + 2, ")")
                word += "$"
            elif text.startswith("${", i):
                i = skip_balanced(i + 1, "{", "}")
                word += "$"
            elif c == "`":
                end = text.find("`", i + 1)
                end = n if end < 0 else end
                found.extend(commands(text[i + 1:end]))
                i = end + 1
                word += "$"
            else:
                word += c
                i += 1
        if word is not None:
            words.append(word)
        emit()
        return n

    parse(0, None)
    result = []
    for words in found:
        # [name, arguments, asked]: assignments and prefixes before the command are not it
        k, asked = 0, False
        while k < len(words) and (re.match(r"^[A-Za-z_][A-Za-z0-9_]*(\[[^]]*\])?\+?=", words[k]) or words[k] in PREFIXES):
            k += 1
        if k < len(words) and words[k] == "command":
            asked = len(words) > k + 1 and words[k + 1] in ("-v", "-V")
            k += 1
            while k < len(words) and words[k].startswith("-"):
                k += 1
        if k < len(words):
            result.append((words[k], words[k + 1:], asked))
    return result


def functions(text):
    return set(re.findall(r"^\s*(?:function\s+)?([A-Za-z_][A-Za-z0-9_-]*)\s*\(\)", text, re.M))


def setup_packages(mode):
    """Debian packages scripts/setup installs on Linux in MODE ('' or '--test')."""
    text = open("scripts/setup").read()
    linux = text[text.index("\nfi\n", text.index('if [ "$(uname -s)" = Darwin ]')):]
    packages = set()
    for line in linux.split("\n"):
        for package in re.findall(r"missing\+=\(([A-Za-z0-9.+-]+)\)", line):
            if "--test" not in line or mode == "--test":
                packages.add(package)
    return packages


def provided(packages):
    tools = set()
    for package in packages:
        tools |= PROVIDES.get(package, {package})
    return tools


def installs(text):
    packages = set()
    for match in re.finditer(r"apt-get\s+install\b([^;&|\n]*)", text):
        packages |= {w for w in match.group(1).split() if not w.startswith("-") and not w.startswith(">")}
    return packages


def check_job(where, steps, image_tools, label, waived):
    problems = []
    installed = set()
    seen = set()

    def walk(text, origin):
        """(tool, where) for each tool the text needs, following the scripts it runs or sources."""
        uses, own = [], functions(text)
        for name, arguments, asked in commands(text):
            if asked or name in own:
                continue
            target = name[2:] if name.startswith("./") else name
            if name in (".", "source") and arguments:
                target = arguments[0]
            if re.match(r"^(scripts|\.ci)/", target):
                if not os.path.isfile(target):
                    continue
                mode = next((a for a in arguments if a.startswith("--")), "")
                if target == "scripts/setup":
                    installed.update(provided(setup_packages(mode)))
                body = open(target, encoding="utf-8").read()
                if name in (".", "source"):
                    own |= functions(body)
                    uses += walk(body, target)
                    continue
                if (target, mode) in seen:
                    continue
                seen.add((target, mode))
                interpreter = re.match(r"#!\s*(?:/usr/bin/env\s+)?(\S+)", body)
                tool = os.path.basename(interpreter.group(1)) if interpreter else "sh"
                uses.append((tool, target + " (its #! line)"))
                if tool in ("bash", "sh"):
                    uses += walk(body, target)
                continue
            if not re.match(r"^[A-Za-z0-9_][A-Za-z0-9_.+-]*$", name):
                continue  # a variable, a path or a quoted word: not a tool's name
            uses.append((name, origin))
        return [(tool, at) for tool, at in uses if tool not in own]

    for number, step in enumerate(steps, 1):
        run = step.get("run")
        if not run:
            continue
        condition = str(step.get("if", ""))
        if "macOS" in condition and "!=" not in condition:
            continue
        installed |= provided(installs(run))
        name = step.get("name") or run.split("\n", 1)[0][:40]
        for tool, origin in walk(run, "step '%s'" % name):
            if tool in BUILTINS or tool in image_tools or tool in installed or tool in DARWIN_ONLY or tool in waived:
                continue
            problems.append("%s: job %s, step %d: %s runs %s, which the image does not have and the job does not install"
                            % (where, label, number, origin, tool))
    return sorted(set(problems))


def check(workflows):
    problems, jobs = [], 0
    for path in workflows:
        raw = open(path, encoding="utf-8").read()
        document = yaml.safe_load(raw)
        # A job that never reaches a tool its scripts name says so, with why, in a comment:
        #   # container-tools: JOB does not run TOOL[ TOOL...]: why
        waivers = {}
        for job_name, tools, why in re.findall(r"#\s*container-tools:\s*(\S+) does not run ([^:]+):(.*)", raw):
            waivers.setdefault(job_name, set()).update(tools.split())
        for name, job in (document.get("jobs") or {}).items():
            container = job.get("container")
            if not container:
                continue
            if isinstance(container, dict):
                container = container.get("image", "")
            images = [container]
            if "matrix." in container:
                key = re.search(r"matrix\.([A-Za-z0-9_-]+)", container).group(1)
                matrix = (job.get("strategy") or {}).get("matrix") or {}
                images = [entry.get(key) for entry in matrix.get("include", []) if entry.get(key)]
                images += [value for value in matrix.get(key, []) if value]
            for image in images:
                tools = next((t for pattern, t in IMAGES.items() if re.fullmatch(pattern, image)), None)
                if tools is None:
                    problems.append("%s: job %s: container %s: what it has is not known here (add it to IMAGES)" % (path, name, image))
                    continue
                jobs += 1
                problems += check_job(path, job.get("steps") or [], tools, "%s in %s" % (name, image), waivers.get(name, set()))
    return problems, jobs


def self_test():
    planted = """
jobs:
  publish:
    runs-on: ubuntu-24.04
    container: swift:6.1-noble
    steps:
      - run: apt-get update -qq && apt-get install -y -qq zip >/dev/null
      - run: |
          x=$(curl -fsSL "$url/$(basename "$PWD")")
          scripts/dist/sbom bin 1.0 >sbom.json
      - if: runner.os == 'macOS'
        run: lipo -info x && jq . x
"""
    with tempfile.TemporaryDirectory() as folder:
        bad = os.path.join(folder, "bad.yml")
        open(bad, "w").write(planted)
        problems, _ = check([bad])
        expect = ["runs curl", "runs python3"]
        missing = [e for e in expect if not any(e in p for p in problems)]
        extra = [p for p in problems if not any(e in p for e in expect)]
        good = os.path.join(folder, "good.yml")
        open(good, "w").write(planted.replace("install -y -qq zip", "install -y -qq zip curl python3"))
        still, _ = check([good])
    if missing or extra or still:
        print("container-tools: self-test failed: not reported %s; reported wrongly %s; with both installed %s"
              % (missing, extra, still), file=sys.stderr)
        return 1
    print("container-tools: self-test: curl and a python3 script reported when not installed, passed when installed")
    return 0


if len(sys.argv) > 1 and sys.argv[1] == "--self-test":
    sys.exit(self_test())
workflows = sorted(glob.glob(".github/workflows/*.yml") + glob.glob(".github/workflows/*.yaml"))
problems, jobs = check(workflows)
problems = sorted(set(problems))
for problem in problems:
    print(problem, file=sys.stderr)
if problems:
    sys.exit(1)
print("container-tools: %d container job%s: every tool their steps and scripts run is in the image or installed" % (jobs, "" if jobs == 1 else "s"))
