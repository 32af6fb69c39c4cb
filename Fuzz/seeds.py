#!/usr/bin/env python3
"""Seeds for the fuzz targets that need structured input: seeds.py references OUT, or seeds.py ipa OUT SOUND_DIR...
Small .ipa archives (stored and deflated) built from real sounds, and APNs payloads and name lists."""
import os, sys, zipfile, json

def references(out):
    samples = [
        {"aps": {"alert": "hi", "sound": "alert.caf"}},
        {"aps": {"sound": {"critical": 1, "name": "Alert.caf", "volume": 0.5}}},
        {"aps": {"sound": "default"}},
        {"Simulator Target Bundle": "com.example.app", "aps": {"sound": "Sounds/deep.caf"}},
        {"aps": {"sound": {"critical": 2, "name": "", "volume": 7}}},
        {"aps": {"sound": "hello"}},
    ]
    for i, s in enumerate(samples):
        open(os.path.join(out, "payload%d.apns" % i), "w").write(json.dumps(s))
    open(os.path.join(out, "list.txt"), "w").write("# sounds\nalert.caf\nALERT.CAF\n\nlib.wav\nchime\nen.lproj/hello.caf\n")

def ipa(out, dirs):
    files = []
    for d in dirs:
        for name in sorted(os.listdir(d)):
            path = os.path.join(d, name)
            if os.path.isfile(path) and os.path.getsize(path) <= 12000 and not name.endswith((".ipa", ".md", ".tsv")):
                files.append(path)
    for i in range(0, min(len(files), 24), 3):
        for method in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            target = os.path.join(out, "app%d-%d.ipa" % (i, method))
            with zipfile.ZipFile(target, "w", method) as z:
                z.writestr("Payload/", b"")
                z.writestr("Payload/App.app/", b"")
                for j, f in enumerate(files[i:i + 3]):
                    where = ["", "Sounds/", "en.lproj/"][j]
                    z.write(f, "Payload/App.app/" + where + os.path.basename(f))
                z.writestr("Payload/App.app/Info.plist", b"<plist/>")

if __name__ == "__main__":
    {"references": lambda: references(sys.argv[2]), "ipa": lambda: ipa(sys.argv[2], sys.argv[3:])}[sys.argv[1]]()
