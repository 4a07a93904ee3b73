// How the stack makes each of its functions: the code's touches (touches.ts) become its grants
// and environment (grants.ts), the common settings and log retention are added, and the audio
// tools layer and /tmp size where the deployed ASR provider decodes or stages audio. The maker
// keeps what the stack and nag.ts read afterwards: every function, and what each touches.
import type { RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { IManagedPolicy } from 'aws-cdk-lib/aws-iam';
import type { ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Settings } from '../../shared/config.ts';
import type { QueueName } from '#shared/topology.ts';
import { ARCHITECTURE, PROJECT_ROOT, serviceFunction, type ServiceFunctionProps } from './functions.ts';
import { statementsFor, touchEnvironment, type GrantContext } from './grants.ts';
import { DECODING_PROVIDERS, mediaLayer, stagingStorageMb } from './media-layer.ts';
import { touchesOf, type Deployed, type Touches } from './touches.ts';

/** What a call names of a function: the rest is the same for all of them. */
type FunctionSpec = Omit<ServiceFunctionProps, 'environment' | 'removalPolicy' | 'logRetention' | 'tracingPolicy' | 'statements' | 'layers' | 'ephemeralStorageMb'>;

interface FunctionMakerProps {
  /** The main stack: functions go here unless another (nested) stack is named. */
  readonly stack: Stack;
  /** The grants' context in the main stack. */
  readonly ctx: GrantContext;
  /** The grants' context in any other stack (its bucket ARN and job prefix are parameters there). */
  readonly nestedCtx: GrantContext;
  readonly settings: Settings;
  /** Every function's environment, before what its touches add. */
  readonly environment: Readonly<Record<string, string>>;
  readonly removalPolicy: RemovalPolicy;
  readonly logRetention: RetentionDays;
  readonly tracingPolicy: IManagedPolicy;
}

/** Modules whose presence in a bundle means it decodes audio, or stages it in /tmp. */
const DECODES_AUDIO = 'shared/providers/asr/media.ts';
const STAGES_AUDIO = 'shared/pipeline/transcribe.ts';

/** ffmpeg/ffprobe (a layer) where the deployed ASR provider decodes audio, and /tmp fit for UPLOAD_MAX_MB where audio is staged. */
function audioNeeds(touches: Touches, settings: Settings, layer: () => ILayerVersion): { layers?: ILayerVersion[]; ephemeralStorageMb?: number } {
  if (!DECODING_PROVIDERS.has(settings.asrProvider)) return {};
  return {
    layers: touches.modules.includes(DECODES_AUDIO) ? [layer()] : undefined,
    ephemeralStorageMb: touches.modules.includes(STAGES_AUDIO) ? stagingStorageMb(settings.uploadMaxMb, settings.asr.maxUploadMb) : undefined,
  };
}

export class FunctionMaker {
  readonly functions: NodejsFunction[] = [];
  /** What each function's code touches, as granted. */
  readonly touches = new Map<NodejsFunction, Touches>();
  /** The queues some function schedules messages to. */
  readonly scheduled = new Set<QueueName>();
  /** The audio tools layer, one per stack that needs it. */
  private readonly media = new Map<Stack, ILayerVersion>();
  private readonly deployed: Deployed;

  constructor(private readonly props: FunctionMakerProps) {
    this.deployed = { ASR_PROVIDER: props.settings.asrProvider, LLM_PROVIDER: props.settings.llmProvider };
  }

  make(id: string, fn: FunctionSpec, scope: Stack = this.props.stack): NodejsFunction {
    const { ctx, settings } = this.props;
    const touches = touchesOf(PROJECT_ROOT, fn.entry, this.deployed);
    const extra = touchEnvironment(ctx, touches);
    const statements = statementsFor(scope, touches, scope === this.props.stack ? ctx : this.props.nestedCtx);
    const audio = audioNeeds(touches, settings, () => this.mediaLayer(scope));
    const f = serviceFunction(scope, id, {
      ...fn,
      ...audio,
      environment: { ...this.props.environment, ...extra },
      removalPolicy: this.props.removalPolicy,
      logRetention: this.props.logRetention,
      tracingPolicy: this.props.tracingPolicy,
      statements,
    });
    this.touches.set(f, touches);
    for (const q of touches.schedules) this.scheduled.add(q);
    this.functions.push(f);
    return f;
  }

  private mediaLayer(scope: Stack): ILayerVersion {
    return this.media.get(scope) ?? this.media.set(scope, mediaLayer(scope, 'MediaTools', PROJECT_ROOT, ARCHITECTURE)).get(scope)!;
  }
}
