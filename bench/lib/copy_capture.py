#!/usr/bin/env python3
"""Relays PostgreSQL connections and saves the COPY data clients send.

Usage: copy_capture.py SERVER_HOST SERVER_PORT PORT_FILE OUT_FILE

Listens on 127.0.0.1 (a free port, written to PORT_FILE once listening), relays every connection to
SERVER_HOST:SERVER_PORT unchanged, and appends the payload of every CopyData message a client sends
(protocol message 'd') to OUT_FILE. For one client that runs COPY ... FROM STDIN on one connection
at a time, OUT_FILE then holds exactly the bytes of COPY text that client sent. Runs until killed.

Only plain connections can be read: an SSLRequest or GSSENCRequest is relayed, and the server of the
benchmark (no SSL configured) answers 'N', so the client goes on in plain text.
"""
import os
import socket
import struct
import sys
import threading

SSL_REQUEST = 80877103
GSSENC_REQUEST = 80877104
CANCEL_REQUEST = 80877102


def read_exact(stream, n):
    data = stream.read(n)
    if data is None or len(data) < n:
        raise EOFError
    return data


def relay_back(server, client):
    """Server to client, unchanged."""
    try:
        while True:
            data = server.recv(1 << 16)
            if not data:
                break
            client.sendall(data)
    except OSError:
        pass
    finally:
        for s in (client, server):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def relay_forth(client, server, out, lock):
    """Client to server, message by message, saving CopyData payloads."""
    stream = client.makefile("rb", buffering=1 << 20)
    try:
        # Untyped messages first: SSL/GSS requests (answered by the server), then the startup message.
        while True:
            head = read_exact(stream, 4)
            (length,) = struct.unpack("!i", head)
            body = read_exact(stream, length - 4)
            server.sendall(head + body)
            code = struct.unpack("!i", body[:4])[0] if len(body) >= 4 else 0
            if code == CANCEL_REQUEST:
                return
            if code not in (SSL_REQUEST, GSSENC_REQUEST):
                break
        while True:
            head = read_exact(stream, 5)
            (length,) = struct.unpack("!i", head[1:])
            body = read_exact(stream, length - 4)
            if head[:1] == b"d":
                with lock:
                    out.write(body)
            server.sendall(head + body)
    except (EOFError, OSError):
        pass
    finally:
        for s in (server, client):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def main():
    host, port, port_file, out_file = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    lock = threading.Lock()
    with open(out_file, "wb", buffering=0) as out:  # unbuffered: complete when killed
        with open(port_file + ".tmp", "w") as f:
            f.write(str(listener.getsockname()[1]))
        # Renamed into place so that a reader never sees a half-written port number.
        os.replace(port_file + ".tmp", port_file)
        while True:
            client, _ = listener.accept()
            server = socket.create_connection((host, port))
            for s in (client, server):
                s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            threading.Thread(target=relay_back, args=(server, client), daemon=True).start()
            threading.Thread(target=relay_forth, args=(client, server, out, lock), daemon=True).start()


if __name__ == "__main__":
    main()
