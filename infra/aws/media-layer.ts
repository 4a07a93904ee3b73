// ffmpeg and ffprobe for the functions that decode audio on AWS (ASR_PROVIDER=openai or
// whisperx cut long recordings with them: shared/providers/asr/media.ts), as a Lambda layer
// for the functions' architecture. The binaries are the static builds the npm registry carries
// (@ffmpeg-installer/*, @ffprobe-installer/*); the layer is built from their package tarballs
// (`npm pack`, through npm's own client and cache) and unpacked into bin/, which Lambda mounts
// at /opt/bin, a folder of the runtime's PATH: the code finds them by name, as it does locally.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Architecture, Code, LayerVersion } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';

interface Tool {
  readonly binary: 'ffmpeg' | 'ffprobe';
  readonly pkg: string;
  readonly version: string;
}

/** The registry packages per Lambda architecture. */
const MEDIA_TOOLS: Readonly<Record<string, readonly Tool[]>> = {
  arm64: [
    { binary: 'ffmpeg', pkg: '@ffmpeg-installer/linux-arm64', version: '4.1.4' },
    { binary: 'ffprobe', pkg: '@ffprobe-installer/linux-arm64', version: '5.2.0' },
  ],
  x86_64: [
    { binary: 'ffmpeg', pkg: '@ffmpeg-installer/linux-x64', version: '4.1.0' },
    { binary: 'ffprobe', pkg: '@ffprobe-installer/linux-x64', version: '5.2.0' },
  ],
};

/** The ASR providers that run ffprobe/ffmpeg in the function. */
export const DECODING_PROVIDERS: ReadonlySet<string> = new Set(['openai', 'whisperx']);

/** The layer folder (bin/ffmpeg, bin/ffprobe) for an architecture, built once into the cache. */
export function mediaLayerFolder(projectRoot: string, architecture: Architecture): string {
  const tools = MEDIA_TOOLS[architecture.name];
  if (!tools) throw new Error(`no ffmpeg/ffprobe packages known for Lambda architecture ${architecture.name}`);
  const key = tools.map((t) => `${t.binary}-${t.version}`).join('_');
  const folder = join(projectRoot, 'node_modules', '.cache', 'verbatim-layers', `media-${architecture.name}-${key}`);
  if (existsSync(join(folder, 'bin', 'ffprobe'))) return folder;
  const work = mkdtempSync(join(tmpdir(), 'verbatim-media-layer-'));
  try {
    mkdirSync(join(work, 'layer', 'bin'), { recursive: true });
    for (const tool of tools) {
      const target = join(work, 'layer', 'bin', tool.binary);
      const installed = join(projectRoot, 'node_modules', tool.pkg, tool.binary);
      if (existsSync(installed)) copyFileSync(installed, target);
      else unpack(tool, work, target);
      chmodSync(target, 0o755);
    }
    mkdirSync(join(folder, '..'), { recursive: true });
    // Moved whole, so a concurrent synth never sees half a layer.
    try {
      renameSync(join(work, 'layer'), folder);
    } catch (error) {
      if (!existsSync(join(folder, 'bin', 'ffprobe'))) throw error;
    }
    return folder;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The tool's binary from its package tarball (npm pack ignores the package's os/cpu, as it must here). */
function unpack(tool: Tool, work: string, target: string): void {
  const name = execFileSync('npm', ['pack', `${tool.pkg}@${tool.version}`, '--pack-destination', work, '--silent'], { cwd: work, encoding: 'utf8' }).trim().split('\n').pop()!;
  execFileSync('tar', ['-xzf', join(work, name), '-C', work, `package/${tool.binary}`]);
  renameSync(join(work, 'package', tool.binary), target);
}

export function mediaLayer(scope: Construct, id: string, projectRoot: string, architecture: Architecture): LayerVersion {
  return new LayerVersion(scope, id, {
    code: Code.fromAsset(mediaLayerFolder(projectRoot, architecture)),
    compatibleArchitectures: [architecture],
    description: `ffmpeg and ffprobe (${MEDIA_TOOLS[architecture.name]!.map((t) => `${t.pkg}@${t.version}`).join(', ')}) in /opt/bin`,
  });
}

/** MB of /tmp for a function that stages a recording (up to UPLOAD_MAX_MB) and the chunks cut from it. */
export function stagingStorageMb(uploadMaxMb: number, chunkMb: number, chunksInFlight = 2): number {
  const needed = uploadMaxMb + chunksInFlight * chunkMb + 128;
  if (needed > 10_240) throw new Error(`UPLOAD_MAX_MB=${uploadMaxMb} needs ${needed} MB of /tmp, more than Lambda's 10,240 MB`);
  return Math.max(512, Math.ceil(needed));
}
