"""A real SMTP server for the tests of the turn notices: `python -m tests.smtp_sink DIR`
(aiosmtpd) listens on a free loopback port, says `{"port": N}` on its first line, and
writes every mail it receives to DIR as `N.eml` (1, 2, ...), whole, as it came, then says
`{"mail": N}`. It imports nothing of the game or the tests (`tests/net_mail.py` starts
it and reads what it received)."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


class Sink:
    """aiosmtpd's handler: each mail's content to the next file of `folder`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.count = 0

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.count += 1
        partial = self.folder / f"{self.count}.part"
        partial.write_bytes(envelope.original_content or envelope.content)
        partial.rename(self.folder / f"{self.count}.eml")  # whole once it is there
        print(json.dumps({"mail": self.count}), flush=True)
        return "250 OK"


async def _serve(folder: Path) -> None:
    from aiosmtpd.smtp import SMTP

    handler = Sink(folder)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: SMTP(handler), "127.0.0.1", 0)
    print(json.dumps({"port": server.sockets[0].getsockname()[1]}), flush=True)
    await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(_serve(Path(sys.argv[1])))
