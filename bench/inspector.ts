// A connection to a running server's inspector (started with --inspect): the bench tools that look inside the
// server's process (survivors.ts, long-tasks.ts) send it DevTools protocol commands through this.
// Node 22 and later have WebSocket without a flag; Node 20 needs NODE_OPTIONS=--experimental-websocket.

export type Inspector = {
  send<T>(method: string, params?: object): Promise<T>;
  close(): void;
};

/** Connects to the first target at INSPECTOR_URL (http://127.0.0.1:9229 unless set). */
export async function connectInspector(): Promise<Inspector> {
  const base = process.env.INSPECTOR_URL ?? "http://127.0.0.1:9229";
  const [target] = (await (await fetch(`${base}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  if (!target) throw new Error(`no inspector target at ${base}: start the server with --inspect`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve);
    socket.addEventListener("error", reject);
  });
  let lastId = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  return {
    send<T>(method: string, params: object = {}) {
      const id = ++lastId;
      return new Promise<T>((resolve) => {
        pending.set(id, resolve as (result: unknown) => void);
        socket.send(JSON.stringify({ id, method, params }));
      });
    },
    close: () => socket.close(),
  };
}

export type CallFrame = { functionName: string; url: string; lineNumber: number };

/** "name dir/file.ts:line": a frame as the tools print it. */
export function frameName({ functionName, url, lineNumber }: CallFrame): string {
  return `${functionName || "(anonymous)"} ${url.split("/").slice(-2).join("/")}:${lineNumber + 1}`;
}
