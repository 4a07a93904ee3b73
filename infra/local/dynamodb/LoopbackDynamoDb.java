// Starts DynamoDB Local listening on loopback only. DynamoDB Local's own main() builds a Jetty
// server with a connector on every interface and offers no option to change that; this builds
// the same server from the same arguments, points its connectors at 127.0.0.1, then starts it.
// Run by infra/local/dynamodb.ts in Java's source-file mode (no build step, no class files).
// Telemetry is never configured, so none is sent.
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class LoopbackDynamoDb {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    Connector[] connectors = server.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Connector connector : connectors) ((ServerConnector) connector).setHost("127.0.0.1");
    proxy.start();
  }
}
