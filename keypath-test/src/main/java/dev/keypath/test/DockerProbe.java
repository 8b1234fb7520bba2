package dev.keypath.test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Whether a Docker engine answers, asked once per JVM and never for longer than {@value #TIMEOUT_SECONDS} s: with
 * no {@code DOCKER_HOST}, no Docker socket and no Testcontainers settings file the answer is an immediate no;
 * otherwise Testcontainers asks the engine on a daemon thread that is abandoned at the timeout.
 */
final class DockerProbe {
    static final int TIMEOUT_SECONDS = 3;
    static final String WHERE_IT_LOOKS = "DOCKER_HOST, /var/run/docker.sock, ~/.docker/run/docker.sock, "
            + "~/.testcontainers.properties";
    private static Boolean answer;

    private DockerProbe() {
    }

    /** Whether a Docker engine answered; Testcontainers must be on the classpath. The first call decides. */
    static synchronized boolean dockerAnswers() {
        if (answer == null) {
            answer = somewhereToLook() && askWithTimeout();
        }
        return answer;
    }

    /** Whether any of the places Testcontainers finds a Docker engine by exists; no I/O beyond file checks. */
    static boolean somewhereToLook() {
        Path home = Path.of(System.getProperty("user.home"));
        return System.getenv("DOCKER_HOST") != null || Files.exists(Path.of("/var/run/docker.sock"))
                || Files.exists(home.resolve(".docker/run/docker.sock"))
                || Files.exists(home.resolve(".testcontainers.properties"));
    }

    private static boolean askWithTimeout() {
        ExecutorService probe = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "keypath-test-docker-probe");
            t.setDaemon(true);
            return t;
        });
        try {
            Future<Boolean> asked = probe.submit(LocalStackEngine::dockerAvailable);
            return asked.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception | LinkageError e) {
            return false;
        } finally {
            probe.shutdownNow();
        }
    }
}
