import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/**
 * A small network of hosts on one machine: one Linux network namespace per host, each with its own
 * address on a bridge in the machine's own namespace (from which the test reaches every host).
 * Needs root and iproute2.
 */

export interface Host {
  name: string;
  /** The namespace's name, for `ip netns exec`. */
  namespace: string;
  address: string;
}

export interface Network {
  hosts: Record<string, Host>;
  /** Starts a program inside a host; its output is kept for the failure message. */
  run(host: Host, command: string, args: string[], env?: Record<string, string>): Process;
  /** kill -9 of every process in the host's namespace: the machine going away, its address staying. */
  killHost(host: Host): void;
  /** Stops everything and removes the namespaces and the bridge. */
  destroy(): void;
}

export interface Process {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

const SUBNET = '10.231.0';

function ip(...args: string[]): string {
  return execFileSync('ip', args, { encoding: 'utf8' });
}

export function canBuildNetworks(): { ok: true } | { ok: false; why: string } {
  if (process.platform !== 'linux') return { ok: false, why: 'network namespaces are a Linux feature' };
  if (process.getuid?.() !== 0) return { ok: false, why: 'creating network namespaces needs root' };
  try {
    execFileSync('ip', ['-V'], { stdio: 'ignore' });
  } catch {
    return { ok: false, why: 'iproute2 (the `ip` command) is not installed' };
  }
  return { ok: true };
}

/** Creates `names.length` hosts at 10.231.0.2, .3, … (the bridge is .1). */
export function buildNetwork(names: string[]): Network {
  const tag = randomBytes(2).toString('hex');
  const bridge = `pcbr${tag}`;
  const hosts: Record<string, Host> = {};
  const processes: Process[] = [];
  ip('link', 'add', bridge, 'type', 'bridge');
  ip('addr', 'add', `${SUBNET}.1/24`, 'dev', bridge);
  ip('link', 'set', bridge, 'up');
  names.forEach((name, index) => {
    const namespace = `percorso-${tag}-${name}`;
    const outside = `pcv${tag}${index}`;
    const address = `${SUBNET}.${index + 2}`;
    ip('netns', 'add', namespace);
    ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', namespace);
    ip('link', 'set', outside, 'master', bridge);
    ip('link', 'set', outside, 'up');
    ip('-n', namespace, 'addr', 'add', `${address}/24`, 'dev', 'eth0');
    ip('-n', namespace, 'link', 'set', 'eth0', 'up');
    ip('-n', namespace, 'link', 'set', 'lo', 'up');
    hosts[name] = { name, namespace, address };
  });

  const killHost = (host: Host) => {
    const pids = ip('netns', 'pids', host.namespace).split(/\s+/).filter(Boolean);
    for (const pid of pids) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };

  return {
    hosts,
    run(host, command, args, env = {}) {
      let output = '';
      const child = spawn('ip', ['netns', 'exec', host.namespace, command, ...args], {
        cwd: process.cwd(),
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...env },
      });
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const started = { child, output: () => output, exited };
      processes.push(started);
      return started;
    },
    killHost,
    destroy() {
      for (const host of Object.values(hosts)) {
        killHost(host);
        try {
          ip('netns', 'delete', host.namespace);
        } catch {
          // removed already
        }
      }
      try {
        ip('link', 'delete', bridge);
      } catch {
        // removed already
      }
    },
  };
}
