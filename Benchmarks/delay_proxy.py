#!/usr/bin/env python3
"""A TCP proxy that delays everything it forwards by a fixed time each way, for the startup
benchmark's remote-display case (Benchmarks/suite.py): an X client connected to the proxy's
port sees its X server a round trip of twice the delay away. Bytes keep their order; each chunk
read is written out `delay` after it arrived, whatever else is in flight, so the link behaves
like a long wire rather than a slow one.

    delay_proxy.py LISTEN_PORT SERVER_PORT DELAY_MS

It listens on 127.0.0.1:LISTEN_PORT, connects each client to 127.0.0.1:SERVER_PORT, prints
"ready" on stdout once it accepts connections, and runs until it is terminated."""
import asyncio
import sys


async def forward(reader, writer, delay):
    """Copies `reader` to `writer`, each chunk `delay` seconds after it was read."""
    loop = asyncio.get_running_loop()
    pending = asyncio.Queue()

    async def send():
        while True:
            due, chunk = await pending.get()
            if chunk is None:
                break
            wait = due - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            writer.write(chunk)
            await writer.drain()
        writer.close()

    sender = asyncio.ensure_future(send())
    try:
        while chunk := await reader.read(65536):
            pending.put_nowait((loop.time() + delay, chunk))
    except ConnectionError:
        pass
    pending.put_nowait((loop.time() + delay, None))
    try:
        await sender
    except ConnectionError:
        pass


async def serve(listen_port, server_port, delay):
    async def connect(client_reader, client_writer):
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", server_port)
        except OSError as error:
            print(f"delay_proxy: cannot reach the server on port {server_port}: {error}", file=sys.stderr)
            client_writer.close()
            return
        await asyncio.gather(forward(client_reader, server_writer, delay),
                             forward(server_reader, client_writer, delay))

    proxy = await asyncio.start_server(connect, "127.0.0.1", listen_port)
    print("ready", flush=True)
    async with proxy:
        await proxy.serve_forever()


def main():
    if len(sys.argv) != 4:
        print("usage: delay_proxy.py LISTEN_PORT SERVER_PORT DELAY_MS", file=sys.stderr)
        return 2
    try:
        listen_port, server_port, delay_ms = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
    except ValueError:
        print("delay_proxy: ports and delay must be numbers", file=sys.stderr)
        return 2
    try:
        asyncio.run(serve(listen_port, server_port, delay_ms / 1000))
    except OSError as error:
        print(f"delay_proxy: cannot listen on port {listen_port}: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
