// The web app on AWS: its files in a private S3 bucket, read by CloudFront through an origin
// access control, and the HTTP API behind /api/* of the same distribution, so the app, its
// session cookie and the API share one origin. Files are published by `npm run deploy:web`.
// cdk-nag findings this construct keeps are acknowledged here, each with its reason.
import { CfnOutput, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
  PriceClass,
  HttpVersion,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '#shared/domain/viewer-address.ts';
import { webSecurityHeaders } from '#shared/http/web-headers.ts';

export interface WebAppProps {
  readonly api: HttpApi;
  readonly stage: string;
  /** Sent to the API with every request as X-Origin-Verify (origin-verify.ts). */
  readonly originVerify: string;
}

/** App routes have no file extension: the viewer gets index.html and the app routes itself. */
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  if (!/\\.[a-zA-Z0-9]+$/.test(request.uri)) request.uri = '/index.html';
  return request;
}`;

/**
 * The API sees the address and host the browser used (sign-in limits, our own origin for CSRF).
 * A viewer's own X-Viewer-Address is overwritten and its X-Origin-Verify dropped: the origin
 * custom header is the only one the API gets, and only with it does the API trust the address.
 */
const API_VIEWER = `function handler(event) {
  var request = event.request;
  request.headers['x-forwarded-host'] = { value: request.headers.host.value };
  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  delete request.headers['${ORIGIN_VERIFY_HEADER}'];
  return request;
}`;

export class WebApp extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebAppProps) {
    super(scope, id);
    const prod = props.stage === 'prod';
    this.bucket = new Bucket(this, 'Files', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !prod,
    });
    // Presigned URLs are path-style (shared/clients.ts): the region's S3 endpoint.
    const csp = webSecurityHeaders(`https://s3.${Stack.of(this).region}.amazonaws.com`)['Content-Security-Policy']!;
    const headers = new ResponseHeadersPolicy(this, 'Headers', {
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
      },
    });
    const fn = (name: string, code: string) => new CloudFrontFunction(this, name, { code: FunctionCode.fromInline(code) });
    const apiDomain = `${props.api.apiId}.execute-api.${Stack.of(this).region}.amazonaws.com`;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Verbatim ${props.stage}: web app and /api`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: fn('AppRoutes', SPA_REWRITE), eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiDomain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY, customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerify } }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          functionAssociations: [{ function: fn('ApiViewer', API_VIEWER), eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });
    new CfnOutput(this, 'WebUrl', { value: `https://${this.distribution.distributionDomainName}`, description: 'The web app; the API is under /api/v1 here too' });
    new CfnOutput(this, 'WebBucketName', { value: this.bucket.bucketName, description: 'npm run deploy:web publishes web/dist here' });
    this.acknowledge();
  }

  private acknowledge(): void {
    const ack = (scope: Construct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });
    ack(this.bucket, 'AwsSolutions-S1', 'The bucket holds only the built, public web app (no user data); CloudFront is its only reader. Access logs of static files would record nothing the API access logs do not.');
    ack(this.distribution, 'AwsSolutions-CFR1', 'A self-hosted service for its own users: no country is excluded by default; add geo restrictions per deployment where a policy needs them.');
    ack(this.distribution, 'AwsSolutions-CFR2', 'The API behind /api/* has its own throttling, per-user rate limits and sign-in delays; a WAF web ACL costs per deployment and is left to operators who need managed rules.');
    ack(this.distribution, 'AwsSolutions-CFR3', 'Standard logging needs an ACL-enabled bucket; API requests are already in the API access logs and the functions’ logs, static files carry no user data.');
    ack(this.distribution, 'AwsSolutions-CFR4', 'The default *.cloudfront.net certificate fixes the TLS policy; set a custom domain with a TLSv1.2_2021 certificate to choose it.');
  }
}
