#!/usr/bin/env python3
"""A real SMTP server on 127.0.0.1 for the e-mail recipe tests (RecipeTests): aiosmtpd, Debian's
python3-aiosmtpd or PyPI's aiosmtpd. Usage: smtp_sink.py FOLDER

Prints the port it listens on, on a line of its own, then writes each message it accepts into FOLDER as
N.eml (the bytes as received, dot-unstuffed) and N.json (the envelope: mail_from, rcpt_tos), the .json last,
so a reader that sees it finds the whole message. Stops when its standard input is closed. Exit 3 when
aiosmtpd is missing, so the test can say what to install."""
import json
import os
import socket
import sys

try:
    from aiosmtpd.controller import Controller
except ImportError:
    print("smtp_sink.py: aiosmtpd is missing (apt-get install python3-aiosmtpd, or pip install aiosmtpd)", file=sys.stderr)
    sys.exit(3)


class Sink:
    def __init__(self, folder):
        self.folder = folder
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        base = os.path.join(self.folder, str(self.count))
        with open(base + ".eml", "wb") as out:
            out.write(envelope.original_content or envelope.content)
        with open(base + ".json.partial", "w") as out:
            json.dump({"mail_from": envelope.mail_from, "rcpt_tos": envelope.rcpt_tos}, out)
        os.rename(base + ".json.partial", base + ".json")
        return "250 Message accepted for delivery"


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sink = Sink(sys.argv[1])
    # aiosmtpd's controller checks it is up by connecting to its port, so it needs a real one, not 0.
    for attempt in range(5):
        controller = Controller(sink, hostname="127.0.0.1", port=free_port())
        try:
            controller.start()
            break
        except Exception:
            if attempt == 4:
                raise
    print(controller.port, flush=True)
    sys.stdin.read()
    controller.stop()


main()
