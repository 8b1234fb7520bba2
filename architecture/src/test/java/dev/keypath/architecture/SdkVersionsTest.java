package dev.keypath.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import software.amazon.awssdk.core.util.VersionInfo;

/**
 * One AWS SDK version everywhere: every SDK artifact the BOM names is managed at the BOM's SDK version, the BOM's
 * versions are the build's, and every SDK jar on this module's class path (every module, DynamoDB Local's own SDK
 * modules and the benchmarks' Enhanced Client among them) is of that version.
 */
class SdkVersionsTest {
    private static final String AWS_SDK = "software.amazon.awssdk";
    private static final Pattern SDK_JAR = Pattern.compile(
            ".*[/\\\\]software[/\\\\]amazon[/\\\\]awssdk[/\\\\]([^/\\\\]+)[/\\\\]([^/\\\\]+)[/\\\\][^/\\\\]+\\.jar");

    @Test
    void everySdkArtifactTheBomNamesIsManagedAtTheSdkVersion() throws Exception {
        Document bom = read(Path.of("..", "bom", "pom.xml"));
        List<String> others = new ArrayList<>();
        NodeList dependencies = bom.getElementsByTagName("dependency");
        for (int i = 0; i < dependencies.getLength(); i++) {
            Element d = (Element) dependencies.item(i);
            if (AWS_SDK.equals(child(d, "groupId")) && !"${aws.sdk.version}".equals(child(d, "version"))) {
                others.add(child(d, "artifactId") + ":" + child(d, "version"));
            }
        }
        assertThat(others).as("SDK artifacts the BOM manages at another version than ${aws.sdk.version}").isEmpty();
    }

    @Test
    void theBomsVersionsAreTheBuilds() throws Exception {
        Map<String, String> bom = properties(read(Path.of("..", "bom", "pom.xml")));
        Map<String, String> build = properties(read(Path.of("..", "pom.xml")));
        Map<String, String> differing = new TreeMap<>();
        bom.forEach((name, version) -> {
            if (!version.equals(build.get(name))) {
                differing.put(name, "BOM " + version + ", build " + build.get(name));
            }
        });
        assertThat(differing).isEmpty();
    }

    @Test
    void everySdkJarOnTheClassPathIsOfTheSdkVersion() {
        Map<String, String> others = new TreeMap<>();
        int jars = 0;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Matcher m = SDK_JAR.matcher(entry);
            if (m.matches()) {
                jars++;
                if (!m.group(2).equals(VersionInfo.SDK_VERSION)) {
                    others.put(m.group(1), m.group(2));
                }
            }
        }
        assertThat(jars).as("SDK jars found on the class path").isGreaterThan(10);
        assertThat(others).as("SDK jars at another version than " + VersionInfo.SDK_VERSION).isEmpty();
    }

    private static Document read(Path pom) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
    }

    private static Map<String, String> properties(Document pom) {
        Map<String, String> properties = new TreeMap<>();
        Node block = pom.getDocumentElement().getElementsByTagName("properties").item(0);
        NodeList children = block.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            if (children.item(i) instanceof Element e) {
                properties.put(e.getTagName(), e.getTextContent().trim());
            }
        }
        return properties;
    }

    private static String child(Element parent, String name) {
        NodeList nodes = parent.getElementsByTagName(name);
        return nodes.getLength() == 0 ? null : nodes.item(0).getTextContent().trim();
    }
}
