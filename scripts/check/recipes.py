"""scripts/check/recipes' reading of docs/recipes.md (see that script). Argument: the folder of the
built alertsound and alertsound-samples."""
import json, os, re, shlex, shutil, subprocess, sys, tempfile, tomllib

import yaml

bin_dir = sys.argv[1]
alertsound = os.path.join(bin_dir, "alertsound")
page = open("docs/recipes.md", encoding="utf-8").read()
recipes = {m.group(1): m.group(3) for m in re.finditer(r"<!-- recipe: (\S+) -->\n```(\w+)\n(.*?)\n```", page, re.S)}
EXPECTED = ["package.json", ".pre-commit-config.yaml", "Fastfile", "codemagic.yaml", "bitrise.yml", ".gitlab-ci.yml",
            "ci_scripts/ci_post_clone.sh", "Dangerfile", "Mintfile", "mise.toml"]
problems = []
shell_texts = []  # (recipe, text, shell)


def need(condition, recipe, what):
    if not condition:
        problems.append("%s: %s" % (recipe, what))
    return condition


def shellcheck(recipe, text, shell="sh"):
    shell_texts.append((recipe, text))
    if not text.startswith("#!"):
        text = "#!/bin/%s\n%s" % (shell, text)
    run = subprocess.run(["shellcheck", "-"], input=text, capture_output=True, text=True)
    need(run.returncode == 0, recipe, "shellcheck:\n" + run.stdout)


for name in EXPECTED:
    need(name in recipes, name, "no snippet on the page (a <!-- recipe: %s --> before its code block)" % name)
for name in recipes:
    need(name in EXPECTED, name, "a snippet this check does not know how to check")

# EAS Build: package.json's scripts, the post-install hook among them.
if "package.json" in recipes:
    try:
        package = json.loads(recipes["package.json"])
        scripts = package.get("scripts") or {}
        if need(isinstance(scripts.get("eas-build-post-install"), str), "package.json", "no eas-build-post-install script"):
            for script in scripts.values():
                shellcheck("package.json", script)
    except json.JSONDecodeError as error:
        need(False, "package.json", "not JSON: %s" % error)

# pre-commit: the hooks it names are ours.
if ".pre-commit-config.yaml" in recipes:
    config = yaml.safe_load(recipes[".pre-commit-config.yaml"])
    ours = {hook["id"] for hook in yaml.safe_load(open(".pre-commit-hooks.yaml"))}
    for repo in config.get("repos", []):
        need(repo.get("repo") and repo.get("rev"), ".pre-commit-config.yaml", "a repository without repo and rev")
        for hook in repo.get("hooks", []):
            need(hook.get("id") in ours, ".pre-commit-config.yaml", "hook %r is not in .pre-commit-hooks.yaml" % hook.get("id"))

# fastlane and Danger: Ruby that parses; the commands they run.
for name in ("Fastfile", "Dangerfile"):
    if name not in recipes:
        continue
    text = recipes[name]
    ruby = shutil.which("ruby")
    if need(ruby or not os.environ.get("CI"), name, "ruby is not installed (scripts/setup --test installs it)") and ruby:
        run = subprocess.run([ruby, "-c", "-"], input=text, capture_output=True, text=True)
        need(run.returncode == 0, name, "ruby -c: " + run.stderr.strip())
    for args in re.findall(r'sh\(((?:"[^"]*",?\s*)+)\)', text):
        shell_texts.append((name, shlex.join(re.findall(r'"([^"]*)"', args))))
    for command in re.findall(r"`([^`]*alertsound[^`]*)`", text):
        shellcheck(name, command)
    if name == "Fastfile":
        need(re.search(r"^lane :\w+ do$", text, re.M), name, "no lane")

if "codemagic.yaml" in recipes:
    document = yaml.safe_load(recipes["codemagic.yaml"])
    workflows = document.get("workflows") or {}
    need(workflows, "codemagic.yaml", "no workflows")
    for workflow in workflows.values():
        need(isinstance(workflow.get("scripts"), list) and workflow["scripts"], "codemagic.yaml", "a workflow without scripts")
        for script in workflow.get("scripts", []):
            text = script.get("script") if isinstance(script, dict) else script
            if need(isinstance(text, str), "codemagic.yaml", "a script step without its script"):
                shellcheck("codemagic.yaml", text, "bash")

if "bitrise.yml" in recipes:
    document = yaml.safe_load(recipes["bitrise.yml"])
    need(isinstance(document.get("format_version"), str), "bitrise.yml", "no format_version (a string)")
    for workflow in (document.get("workflows") or {}).values():
        for step in workflow.get("steps", []):
            (step_id, body), = step.items()
            if step_id.startswith("script@"):
                content = [i["content"] for i in (body or {}).get("inputs", []) if "content" in i]
                if need(content, "bitrise.yml", "a script step without content"):
                    shellcheck("bitrise.yml", content[0], "bash")

if ".gitlab-ci.yml" in recipes:
    document = yaml.safe_load(recipes[".gitlab-ci.yml"])
    jobs = {k: v for k, v in document.items() if isinstance(v, dict) and "script" in v}
    need(jobs, ".gitlab-ci.yml", "no job with a script")
    for job in jobs.values():
        need(all(isinstance(line, str) for line in job["script"]), ".gitlab-ci.yml", "a script line that is not a string")
        shellcheck(".gitlab-ci.yml", "\n".join(job["script"]))
        reports = ((job.get("artifacts") or {}).get("reports") or {})
        need(set(reports) <= {"junit", "codequality"}, ".gitlab-ci.yml", "a report kind GitLab does not read: %s" % set(reports))

if "ci_scripts/ci_post_clone.sh" in recipes:
    text = recipes["ci_scripts/ci_post_clone.sh"]
    need(text.startswith("#!"), "ci_scripts/ci_post_clone.sh", "no #! line (Xcode Cloud runs it as a program)")
    shellcheck("ci_scripts/ci_post_clone.sh", text)

if "Mintfile" in recipes:
    for line in recipes["Mintfile"].splitlines():
        if line.strip() and not line.startswith("#"):
            need(re.fullmatch(r"[A-Za-z0-9_.-]+/alertsound(@\S+)?", line.strip()), "Mintfile", "not OWNER/alertsound@VERSION: %r" % line)

if "mise.toml" in recipes:
    try:
        document = tomllib.loads(recipes["mise.toml"])
        need(any(k.startswith("spm:") and k.endswith("/alertsound") for k in document.get("tools", {})), "mise.toml", "no spm:OWNER/alertsound tool")
        for task in document.get("tasks", {}).values():
            if need(isinstance(task.get("run"), str), "mise.toml", "a task without run"):
                shellcheck("mise.toml", task["run"])
    except tomllib.TOMLDecodeError as error:
        need(False, "mise.toml", "not TOML: %s" % error)

# Every alertsound command: its subcommand, options and --format values exist.
helps = {}
commands = 0
for recipe, text in shell_texts:
    for line in text.splitlines():
        for segment in re.split(r"\|\||&&|[;|]", line):
            try:
                words = shlex.split(segment, comments=True)
            except ValueError:
                continue
            if "alertsound" not in words:
                continue
            words = words[words.index("alertsound") + 1:]
            if not words or words[0] in ("-v", "alertsound"):
                continue  # `command -v alertsound`, `brew install alertsound`
            if words[0] in ("install",):
                continue
            commands += 1
            sub = words[0]
            if sub not in helps:
                run = subprocess.run([alertsound, sub, "--help"], capture_output=True, text=True)
                helps[sub] = run.stdout if run.returncode == 0 else None
            if not need(helps[sub], recipe, "alertsound %s: no such command" % sub):
                continue
            for i, word in enumerate(words):
                if word.startswith("--"):
                    need(re.search(r"(^|\s)%s\b" % re.escape(word), helps[sub]), recipe, "alertsound %s has no %s" % (sub, word))
                    if word == "--format" and i + 1 < len(words):
                        values = re.search(r"values: ([^;)]*)", helps[sub][helps[sub].index("--format"):])
                        need(values and words[i + 1] in [v.strip() for v in values.group(1).split(",")], recipe,
                             "alertsound %s --format %s is not a format it has" % (sub, words[i + 1]))
need(commands >= len(EXPECTED) - 2, "the page", "only %d alertsound commands found in the snippets" % commands)

# The EAS hook, run with npm: a project whose sound passes, then one with a sound that fails.
npm = shutil.which("npm")
if need(npm or not os.environ.get("CI"), "package.json", "npm is not installed (scripts/setup --test installs it)") and npm and "package.json" in recipes:
    with tempfile.TemporaryDirectory() as project:
        open(os.path.join(project, "package.json"), "w").write(recipes["package.json"])
        subprocess.run([os.path.join(bin_dir, "alertsound-samples"), os.path.join(project, "samples")], capture_output=True, check=True)
        os.makedirs(os.path.join(project, "App.app"))
        shutil.copy(os.path.join(project, "samples", "chime.caf"), os.path.join(project, "App.app", "chime.caf"))
        shutil.rmtree(os.path.join(project, "samples"))
        env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"], npm_config_update_notifier="false")
        run = lambda: subprocess.run([npm, "run", "--silent", "eas-build-post-install"], cwd=project, env=env, capture_output=True, text=True)
        good = run()
        need(good.returncode == 0, "package.json", "npm run eas-build-post-install failed on a good sound:\n" + good.stdout + good.stderr)
        open(os.path.join(project, "App.app", "bad.caf"), "w").write("not audio")
        bad = run()
        need(bad.returncode != 0 and "bad.caf" in bad.stdout + bad.stderr, "package.json", "npm run eas-build-post-install passed a bad sound:\n" + bad.stdout)

for problem in problems:
    print("check-recipes: " + problem, file=sys.stderr)
if problems:
    sys.exit(1)
print("check-recipes: %d snippets of docs/recipes.md parse as their systems read them, %d alertsound commands exist as written, and the EAS hook ran with npm (a good sound passed, a bad one failed)" % (len(recipes), commands))
