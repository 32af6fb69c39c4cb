import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// A channel's `android.resource://PACKAGE/…` sound URI is opened through the resources of the
/// package it names (issue 57): a literal package that some release build does not install as
/// (a flavor's or the release build type's `applicationIdSuffix`) finds no sound there, so
/// validate-bundle fails the channel's sound and explain cannot tell what plays. A resource name
/// with its extension (`raw/alert.mp3`) names no resource either.
@Suite struct ChannelURIPackageTests {
    /// A native Android app with res/raw/alert.wav, whose module build file is `gradle` (Kotlin
    /// DSL when `kts`) and whose code makes channel `alerts` with the sound URI `uri`.
    func app(
        _ scratch: Scratch, gradle: String, kts: Bool = false, uri: String, manifest: String? = nil
    ) throws
        -> String
    {
        let root = scratch.path("shop")
        var files: [String: [UInt8]] = [
            "settings.gradle": Array("include ':app'".utf8),
            "app/src/main/res/raw/alert.wav": AndroidTests.pcm16,
            "app/\(kts ? "build.gradle.kts" : "build.gradle")": Array(gradle.utf8),
            "app/src/main/java/com/shop/Channels.kt": Array(
                """
                package com.shop

                class Channels {
                    fun create(context: Context) {
                        val soundUri = \(uri)
                        val channel = NotificationChannel("alerts", "Alerts", NotificationManager.IMPORTANCE_HIGH)
                        channel.setSound(soundUri, null)
                        context.getSystemService(NotificationManager::class.java).createNotificationChannel(channel)
                    }
                }
                """.utf8)
        ]
        if let manifest { files["app/src/main/AndroidManifest.xml"] = Array(manifest.utf8) }
        try AppSearchTests.tree(root, files)
        return root
    }

    /// What explain says a message on channel `alerts` naming `alert` plays, and whether
    /// validate-bundle passes the app (with the codes of the channel's sound).
    func judge(
        _ root: String
    ) throws -> (plays: PlayOutcome.Plays, because: String, valid: Bool, codes: [DiagnosticCode]) {
        let explanation = try Explainer().explain(paths: [root], push: .named(sound: "alert", channel: "alerts"))
        let pushes = explanation.pushes.filter { $0.platform == .android }
        try #require(pushes.count == 1, "\(explanation.pushes.map(\.summary))")
        let report = try BundleValidator().validate(paths: [root], references: [])
        let codes = report.bundles.flatMap(\.references).filter { $0.position != nil }.flatMap(\.diagnostics).map(
            \.code)
        return (pushes[0].fresh.plays, pushes[0].fresh.because ?? "", report.valid, codes)
    }

    static let literal = #"Uri.parse(ContentResolver.SCHEME_ANDROID_RESOURCE + "://" + "com.shop" + "/raw/alert")"#

    /// Both flavors append a suffix, and no applicationId is set (the namespace is the base): no
    /// release build is com.shop, so the URI finds nothing (the PuntoEttore idiom, written fresh).
    @Test(.bug(id: "57")) func aFlavorSuffixMakesALiteralPackageFail() throws {
        let scratch = try Scratch()
        let root = try app(
            scratch,
            gradle: """
                plugins { alias(libs.plugins.androidApplication) }
                android {
                    namespace = "com.shop"
                    flavorDimensions += "version"
                    productFlavors {
                        create("internal") {
                            dimension = "version"
                            applicationIdSuffix = ".test"
                        }
                        create("production") {
                            dimension = "version"
                            applicationIdSuffix = ".prod"
                        }
                    }
                }
                """, kts: true, uri: Self.literal)
        let judged = try judge(root)
        #expect(judged.plays == .unknown, "\(judged.because)")
        #expect(judged.because.contains("com.shop.test, com.shop.prod"), "\(judged.because)")
        #expect(!judged.valid)
        #expect(judged.codes.contains(.noSuchSound), "\(judged.codes)")
    }

    /// One flavor keeps the package, the other appends a suffix: the suffixed one is named as failing.
    @Test(.bug(id: "57")) func onlyTheSuffixedFlavorIsNamed() throws {
        let scratch = try Scratch()
        let root = try app(
            scratch,
            gradle: """
                apply plugin: 'com.android.application'
                android {
                    defaultConfig { applicationId "com.shop" }
                    productFlavors {
                        free { }
                        paid { applicationIdSuffix ".paid" }
                    }
                }
                """, uri: #"Uri.parse("android.resource://com.shop/raw/alert")"#)
        let judged = try judge(root)
        #expect(judged.plays == .unknown, "\(judged.because)")
        #expect(judged.because.contains("install as com.shop.paid (of com.shop, com.shop.paid)"), "\(judged.because)")
        #expect(!judged.valid)
    }

    /// No suffix, and the applicationId is the URI's package: the sound plays.
    @Test(.bug(id: "57")) func theMatchingApplicationIdPlays() throws {
        let scratch = try Scratch()
        let root = try app(
            scratch,
            gradle: """
                apply plugin: 'com.android.application'
                android { namespace 'com.shop.code'
                    defaultConfig { applicationId 'com.shop' } }
                """, uri: Self.literal)
        let judged = try judge(root)
        #expect(judged.plays == .namedSound, "\(judged.because)")
        #expect(judged.valid)
    }

    /// Only a namespace, no flavors, and only the debug build type appends a suffix (not what
    /// users install); a Kotlin template with the scheme's constant: plays.
    @Test(.bug(id: "57")) func theNamespaceAndADebugSuffixPlay() throws {
        let scratch = try Scratch()
        let root = try app(
            scratch,
            gradle: """
                plugins { id("com.android.application") }
                android {
                    namespace = "com.shop"
                    buildTypes {
                        getByName("debug") { applicationIdSuffix = ".debug" }
                        release { isMinifyEnabled = false }
                    }
                }
                """, kts: true,
            uri: #"Uri.parse("${ContentResolver.SCHEME_ANDROID_RESOURCE}://com.shop/raw/alert")"#)
        let judged = try judge(root)
        #expect(judged.plays == .namedSound, "\(judged.because)")
        #expect(judged.valid)
    }

    /// The release build type's suffix is what users install: a literal package without it fails.
    @Test(.bug(id: "57")) func aReleaseSuffixFails() throws {
        let scratch = try Scratch()
        let root = try app(
            scratch,
            gradle: """
                apply plugin: 'com.android.application'
                android { buildTypes { release { applicationIdSuffix ".live" } } }
                """,
            uri:
                #"Uri.Builder().scheme(ContentResolver.SCHEME_ANDROID_RESOURCE).authority("com.shop").appendPath("raw").appendPath("alert").build()"#,
            manifest: #"<manifest xmlns:android="x" package="com.shop"><application/></manifest>"#)
        let judged = try judge(root)
        #expect(judged.plays == .unknown, "\(judged.because)")
        #expect(judged.because.contains("com.shop.live"), "\(judged.because)")
        #expect(!judged.valid)
    }

    /// A package the code computes is the installed one, whatever the flavors append: plays.
    @Test(.bug(id: "57")) func aComputedPackagePlays() throws {
        let scratch = try Scratch()
        let root = try app(
            scratch,
            gradle: """
                apply plugin: 'com.android.application'
                android {
                    namespace 'com.shop'
                    productFlavors { paid { applicationIdSuffix ".paid" } }
                }
                """, uri: #"Uri.parse("android.resource://" + context.packageName + "/raw/alert")"#)
        let judged = try judge(root)
        #expect(judged.plays == .namedSound, "\(judged.because)")
        #expect(judged.valid)
    }

    /// `raw/alert.mp3`: Android looks the name up exactly, and resource names carry no extension,
    /// so the URI names no resource: validate-bundle fails it, explain does not say it plays.
    @Test(.bug(id: "57")) func aResourceNameWithItsExtensionNamesNoResource() throws {
        let scratch = try Scratch()
        let root = try app(
            scratch, gradle: "apply plugin: 'com.android.application'",
            uri: #"Uri.parse(ContentResolver.SCHEME_ANDROID_RESOURCE + "://" + context.packageName + "/raw/alert.wav")"#
        )
        #expect(
            CodeSounds.androidURI(SourceText.Argument(text: #""android.resource://p/raw/alert.mp3""#))
                == .resource("alert.mp3"))
        let judged = try judge(root)
        #expect(judged.plays != .namedSound, "\(judged.because)")
        #expect(!judged.valid)
        #expect(judged.codes.contains(.noSuchSound), "\(judged.codes)")
    }

    /// The packages of release builds, read from Groovy and Kotlin DSL: two dimensions combine
    /// one flavor each, in the dimensions' order; a computed suffix is not told.
    @Test(.bug(id: "57")) func releasePackagesCombineOneFlavorPerDimension() {
        let groovy = """
            android {
                defaultConfig { applicationId "com.shop" }
                flavorDimensions "tier", "store"
                productFlavors {
                    play { dimension "store"; applicationIdSuffix ".play" }
                    free { dimension "tier"
                        applicationIdSuffix ".free" }
                    paid { dimension "tier" }
                }
                buildTypes { debug { applicationIdSuffix ".debug" } }
            }
            """
        #expect(
            GradleVariants.releasePackages(gradle: groovy, manifestPackage: nil)
                == ["com.shop.free.play", "com.shop.play"])
        #expect(
            GradleVariants.releasePackages(
                gradle:
                    #"android { namespace = "a.b"; productFlavors { create("x") { applicationIdSuffix = suffix } } }"#,
                manifestPackage: nil) == nil)
        #expect(GradleVariants.releasePackages(gradle: "android { }", manifestPackage: "m.p") == ["m.p"])
    }
}
