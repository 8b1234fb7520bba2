package dev.keypath.cli;

import picocli.CommandLine.IVersionProvider;

/** Answers {@code --version} from the jar manifest, so the version is written in the pom only. */
final class ManifestVersion implements IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = KeypathCli.class.getPackage().getImplementationVersion();
        return new String[] {"keypath " + (version == null ? "(development build)" : version)};
    }
}
