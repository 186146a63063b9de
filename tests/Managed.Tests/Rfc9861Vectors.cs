namespace CryptoHarness.Managed.Tests;

/// <summary>
/// The test vectors of RFC 9861 §5 (KangarooTwelve and TurboSHAKE, October 2025), transcribed from the RFC's text.
/// <c>ptn(n)</c> is n bytes 00 01 … F9 FA repeated (§5: "the byte i mod 251"); messages written FF×k are k bytes
/// of 0xFF. Where the RFC prints "last 32 bytes of 10032", <see cref="Vector.Skip"/> is 10000.
/// </summary>
public static class Rfc9861Vectors
{
    public sealed record Vector(string Function, string Message, string Customization, byte Domain, int Skip, string Expected)
    {
        public byte[] MessageBytes() => Decode(Message);

        public byte[] CustomizationBytes() => Decode(Customization);

        public override string ToString() =>
            $"{Function}(M = {Message}, {(Function.StartsWith("KT", StringComparison.Ordinal) ? $"C = {Customization}" : $"D = {Domain:X2}")}" +
            $"{(Skip != 0 ? $", skip {Skip}" : string.Empty)})";
    }

    /// <summary>ptn(n) of RFC 9861 §5.</summary>
    public static byte[] Ptn(int length)
    {
        var bytes = new byte[length];
        for (int i = 0; i < length; i++)
        {
            bytes[i] = (byte)(i % 251);
        }

        return bytes;
    }

    /// <summary>"ptn(N)", "FFxN" or "" for empty.</summary>
    private static byte[] Decode(string spec) =>
        spec.Length == 0 ? []
        : spec.StartsWith("ptn(", StringComparison.Ordinal) ? Ptn(int.Parse(spec[4..^1], System.Globalization.CultureInfo.InvariantCulture))
        : Enumerable.Repeat((byte)0xFF, int.Parse(spec[3..], System.Globalization.CultureInfo.InvariantCulture)).ToArray();

    private static string H(string spaced) => spaced.Replace(" ", string.Empty, StringComparison.Ordinal);

    // RFC 9861 §5.1, TurboSHAKE128 (D = 1F unless shown).
    public static readonly Vector[] TurboShake128 =
    [
        new("TurboSHAKE128", "", "", 0x1F, 0, H("1E 41 5F 1C 59 83 AF F2 16 92 17 27 7D 17 BB 53 8C D9 45 A3 97 DD EC 54 1F 1C E4 1A F2 C1 B7 4C")),
        new("TurboSHAKE128", "", "", 0x1F, 0, H("1E 41 5F 1C 59 83 AF F2 16 92 17 27 7D 17 BB 53 8C D9 45 A3 97 DD EC 54 1F 1C E4 1A F2 C1 B7 4C" +
            "3E 8C CA E2 A4 DA E5 6C 84 A0 4C 23 85 C0 3C 15 E8 19 3B DF 58 73 73 63 32 16 91 C0 54 62 C8 DF")),
        new("TurboSHAKE128", "", "", 0x1F, 10000, H("A3 B9 B0 38 59 00 CE 76 1F 22 AE D5 48 E7 54 DA 10 A5 24 2D 62 E8 C6 58 E3 F3 A9 23 A7 55 56 07")),
        new("TurboSHAKE128", "ptn(1)", "", 0x1F, 0, H("55 CE DD 6F 60 AF 7B B2 9A 40 42 AE 83 2E F3 F5 8D B7 29 9F 89 3E BB 92 47 24 7D 85 69 58 DA A9")),
        new("TurboSHAKE128", "ptn(17)", "", 0x1F, 0, H("9C 97 D0 36 A3 BA C8 19 DB 70 ED E0 CA 55 4E C6 E4 C2 A1 A4 FF BF D9 EC 26 9C A6 A1 11 16 12 33")),
        new("TurboSHAKE128", "ptn(289)", "", 0x1F, 0, H("96 C7 7C 27 9E 01 26 F7 FC 07 C9 B0 7F 5C DA E1 E0 BE 60 BD BE 10 62 00 40 E7 5D 72 23 A6 24 D2")),
        new("TurboSHAKE128", "ptn(4913)", "", 0x1F, 0, H("D4 97 6E B5 6B CF 11 85 20 58 2B 70 9F 73 E1 D6 85 3E 00 1F DA F8 0E 1B 13 E0 D0 59 9D 5F B3 72")),
        new("TurboSHAKE128", "ptn(83521)", "", 0x1F, 0, H("DA 67 C7 03 9E 98 BF 53 0C F7 A3 78 30 C6 66 4E 14 CB AB 7F 54 0F 58 40 3B 1B 82 95 13 18 EE 5C")),
        new("TurboSHAKE128", "ptn(1419857)", "", 0x1F, 0, H("B9 7A 90 6F BF 83 EF 7C 81 25 17 AB F3 B2 D0 AE A0 C4 F6 03 18 CE 11 CF 10 39 25 12 7F 59 EE CD")),
        new("TurboSHAKE128", "ptn(24137569)", "", 0x1F, 0, H("35 CD 49 4A DE DE D2 F2 52 39 AF 09 A7 B8 EF 0C 4D 1C A4 FE 2D 1A C3 70 FA 63 21 6F E7 B4 C2 B1")),
        new("TurboSHAKE128", "FFx3", "", 0x01, 0, H("BF 32 3F 94 04 94 E8 8E E1 C5 40 FE 66 0B E8 A0 C9 3F 43 D1 5E C0 06 99 84 62 FA 99 4E ED 5D AB")),
        new("TurboSHAKE128", "FFx1", "", 0x06, 0, H("8E C9 C6 64 65 ED 0D 4A 6C 35 D1 35 06 71 8D 68 7A 25 CB 05 C7 4C CA 1E 42 50 1A BD 83 87 4A 67")),
        new("TurboSHAKE128", "FFx3", "", 0x07, 0, H("B6 58 57 60 01 CA D9 B1 E5 F3 99 A9 F7 77 23 BB A0 54 58 04 2D 68 20 6F 72 52 68 2D BA 36 63 ED")),
        new("TurboSHAKE128", "FFx7", "", 0x0B, 0, H("8D EE AA 1A EC 47 CC EE 56 9F 65 9C 21 DF A8 E1 12 DB 3C EE 37 B1 81 78 B2 AC D8 05 B7 99 CC 37")),
        new("TurboSHAKE128", "FFx1", "", 0x30, 0, H("55 31 22 E2 13 5E 36 3C 32 92 BE D2 C6 42 1F A2 32 BA B0 3D AA 07 C7 D6 63 66 03 28 65 06 32 5B")),
        new("TurboSHAKE128", "FFx3", "", 0x7F, 0, H("16 27 4C C6 56 D4 4C EF D4 22 39 5D 0F 90 53 BD A6 D2 8E 12 2A BA 15 C7 65 E5 AD 0E 6E AF 26 F9")),
    ];

    // RFC 9861 §5.2, TurboSHAKE256 (D = 1F unless shown).
    public static readonly Vector[] TurboShake256 =
    [
        new("TurboSHAKE256", "", "", 0x1F, 0, H("36 7A 32 9D AF EA 87 1C 78 02 EC 67 F9 05 AE 13 C5 76 95 DC 2C 66 63 C6 10 35 F5 9A 18 F8 E7 DB" +
            "11 ED C0 E1 2E 91 EA 60 EB 6B 32 DF 06 DD 7F 00 2F BA FA BB 6E 13 EC 1C C2 0D 99 55 47 60 0D B0")),
        new("TurboSHAKE256", "", "", 0x1F, 10000, H("AB EF A1 16 30 C6 61 26 92 49 74 26 85 EC 08 2F 20 72 65 DC CF 2F 43 53 4E 9C 61 BA 0C 9D 1D 75")),
        new("TurboSHAKE256", "ptn(1)", "", 0x1F, 0, H("3E 17 12 F9 28 F8 EA F1 05 46 32 B2 AA 0A 24 6E D8 B0 C3 78 72 8F 60 BC 97 04 10 15 5C 28 82 0E" +
            "90 CC 90 D8 A3 00 6A A2 37 2C 5C 5E A1 76 B0 68 2B F2 2B AE 74 67 AC 94 F7 4D 43 D3 9B 04 82 E2")),
        new("TurboSHAKE256", "ptn(17)", "", 0x1F, 0, H("B3 BA B0 30 0E 6A 19 1F BE 61 37 93 98 35 92 35 78 79 4E A5 48 43 F5 01 10 90 FA 2F 37 80 A9 E5" +
            "CB 22 C5 9D 78 B4 0A 0F BF F9 E6 72 C0 FB E0 97 0B D2 C8 45 09 1C 60 44 D6 87 05 4D A5 D8 E9 C7")),
        new("TurboSHAKE256", "ptn(289)", "", 0x1F, 0, H("66 B8 10 DB 8E 90 78 04 24 C0 84 73 72 FD C9 57 10 88 2F DE 31 C6 DF 75 BE B9 D4 CD 93 05 CF CA" +
            "E3 5E 7B 83 E8 B7 E6 EB 4B 78 60 58 80 11 63 16 FE 2C 07 8A 09 B9 4A D7 B8 21 3C 0A 73 8B 65 C0")),
        new("TurboSHAKE256", "ptn(4913)", "", 0x1F, 0, H("C7 4E BC 91 9A 5B 3B 0D D1 22 81 85 BA 02 D2 9E F4 42 D6 9D 3D 42 76 A9 3E FE 0B F9 A1 6A 7D C0" +
            "CD 4E AB AD AB 8C D7 A5 ED D9 66 95 F5 D3 60 AB E0 9E 2C 65 11 A3 EC 39 7D A3 B7 6B 9E 16 74 FB")),
        new("TurboSHAKE256", "ptn(83521)", "", 0x1F, 0, H("02 CC 3A 88 97 E6 F4 F6 CC B6 FD 46 63 1B 1F 52 07 B6 6C 6D E9 C7 B5 5B 2D 1A 23 13 4A 17 0A FD" +
            "AC 23 4E AB A9 A7 7C FF 88 C1 F0 20 B7 37 24 61 8C 56 87 B3 62 C4 30 B2 48 CD 38 64 7F 84 8A 1D")),
        new("TurboSHAKE256", "ptn(1419857)", "", 0x1F, 0, H("AD D5 3B 06 54 3E 58 4B 58 23 F6 26 99 6A EE 50 FE 45 ED 15 F2 02 43 A7 16 54 85 AC B4 AA 76 B4" +
            "FF DA 75 CE DF 6D 8C DC 95 C3 32 BD 56 F4 B9 86 B5 8B B1 7D 17 78 BF C1 B1 A9 75 45 CD F4 EC 9F")),
        new("TurboSHAKE256", "ptn(24137569)", "", 0x1F, 0, H("9E 11 BC 59 C2 4E 73 99 3C 14 84 EC 66 35 8E F7 1D B7 4A EF D8 4E 12 3F 78 00 BA 9C 48 53 E0 2C" +
            "FE 70 1D 9E 6B B7 65 A3 04 F0 DC 34 A4 EE 3B A8 2C 41 0F 0D A7 0E 86 BF BD 90 EA 87 7C 2D 61 04")),
        new("TurboSHAKE256", "FFx3", "", 0x01, 0, H("D2 1C 6F BB F5 87 FA 22 82 F2 9A EA 62 01 75 FB 02 57 41 3A F7 8A 0B 1B 2A 87 41 9C E0 31 D9 33" +
            "AE 7A 4D 38 33 27 A8 A1 76 41 A3 4F 8A 1D 10 03 AD 7D A6 B7 2D BA 84 BB 62 FE F2 8F 62 F1 24 24")),
        new("TurboSHAKE256", "FFx1", "", 0x06, 0, H("73 8D 7B 4E 37 D1 8B 7F 22 AD 1B 53 13 E3 57 E3 DD 7D 07 05 6A 26 A3 03 C4 33 FA 35 33 45 52 80" +
            "F4 F5 A7 D4 F7 00 EF B4 37 FE 6D 28 14 05 E0 7B E3 2A 0A 97 2E 22 E6 3A DC 1B 09 0D AE FE 00 4B")),
        new("TurboSHAKE256", "FFx3", "", 0x07, 0, H("18 B3 B5 B7 06 1C 2E 67 C1 75 3A 00 E6 AD 7E D7 BA 1C 90 6C F9 3E FB 70 92 EA F2 7F BE EB B7 55" +
            "AE 6E 29 24 93 C1 10 E4 8D 26 00 28 49 2B 8E 09 B5 50 06 12 B8 F2 57 89 85 DE D5 35 7D 00 EC 67")),
        new("TurboSHAKE256", "FFx7", "", 0x0B, 0, H("BB 36 76 49 51 EC 97 E9 D8 5F 7E E9 A6 7A 77 18 FC 00 5C F4 25 56 BE 79 CE 12 C0 BD E5 0E 57 36" +
            "D6 63 2B 0D 0D FB 20 2D 1B BB 8F FE 3D D7 4C B0 08 34 FA 75 6C B0 34 71 BA B1 3A 1E 2C 16 B3 C0")),
        new("TurboSHAKE256", "FFx1", "", 0x30, 0, H("F3 FE 12 87 3D 34 BC BB 2E 60 87 79 D6 B7 0E 7F 86 BE C7 E9 0B F1 13 CB D4 FD D0 C4 E2 F4 62 5E" +
            "14 8D D7 EE 1A 52 77 6C F7 7F 24 05 14 D9 CC FC 3B 5D DA B8 EE 25 5E 39 EE 38 90 72 96 2C 11 1A")),
        new("TurboSHAKE256", "FFx3", "", 0x7F, 0, H("AB E5 69 C1 F7 7E C3 40 F0 27 05 E7 D3 7C 9A B7 E1 55 51 6E 4A 6A 15 00 21 D7 0B 6F AC 0B B4 0C" +
            "06 9F 9A 98 28 A0 D5 75 CD 99 F9 BA E4 35 AB 1A CF 7E D9 11 0B A9 7C E0 38 8D 07 4B AC 76 87 76")),
    ];

    // RFC 9861 §5.3, KT128.
    public static readonly Vector[] Kt128 =
    [
        new("KT128", "", "", 0, 0, H("1a c2 d4 50 fc 3b 42 05 d1 9d a7 bf ca 1b 37 51 3c 08 03 57 7a c7 16 7f 06 fe 2c e1 f0 ef 39 e5")),
        new("KT128", "", "", 0, 0, H("1a c2 d4 50 fc 3b 42 05 d1 9d a7 bf ca 1b 37 51 3c 08 03 57 7a c7 16 7f 06 fe 2c e1 f0 ef 39 e5" +
            "42 69 c0 56 b8 c8 2e 48 27 60 38 b6 d2 92 96 6c c0 7a 3d 46 45 27 2e 31 ff 38 50 81 39 eb 0a 71")),
        new("KT128", "", "", 0, 10000, H("e8 dc 56 36 42 f7 22 8c 84 68 4c 89 84 05 d3 a8 34 79 91 58 c0 79 b1 28 80 27 7a 1d 28 e2 ff 6d")),
        new("KT128", "ptn(1)", "", 0, 0, H("2b da 92 45 0e 8b 14 7f 8a 7c b6 29 e7 84 a0 58 ef ca 7c f7 d8 21 8e 02 d3 45 df aa 65 24 4a 1f")),
        new("KT128", "ptn(17)", "", 0, 0, H("6b f7 5f a2 23 91 98 db 47 72 e3 64 78 f8 e1 9b 0f 37 12 05 f6 a9 a9 3a 27 3f 51 df 37 12 28 88")),
        new("KT128", "ptn(289)", "", 0, 0, H("0c 31 5e bc de db f6 14 26 de 7d cf 8f b7 25 d1 e7 46 75 d7 f5 32 7a 50 67 f3 67 b1 08 ec b6 7c")),
        new("KT128", "ptn(4913)", "", 0, 0, H("cb 55 2e 2e c7 7d 99 10 70 1d 57 8b 45 7d df 77 2c 12 e3 22 e4 ee 7f e4 17 f9 2c 75 8f 0d 59 d0")),
        new("KT128", "ptn(83521)", "", 0, 0, H("87 01 04 5e 22 20 53 45 ff 4d da 05 55 5c bb 5c 3a f1 a7 71 c2 b8 9b ae f3 7d b4 3d 99 98 b9 fe")),
        new("KT128", "ptn(1419857)", "", 0, 0, H("84 4d 61 09 33 b1 b9 96 3c bd eb 5a e3 b6 b0 5c c7 cb d6 7c ee df 88 3e b6 78 a0 a8 e0 37 16 82")),
        new("KT128", "ptn(24137569)", "", 0, 0, H("3c 39 07 82 a8 a4 e8 9f a6 36 7f 72 fe aa f1 32 55 c8 d9 58 78 48 1d 3c d8 ce 85 f5 8e 88 0a f8")),
        new("KT128", "", "ptn(1)", 0, 0, H("fa b6 58 db 63 e9 4a 24 61 88 bf 7a f6 9a 13 30 45 f4 6e e9 84 c5 6e 3c 33 28 ca af 1a a1 a5 83")),
        new("KT128", "FFx1", "ptn(41)", 0, 0, H("d8 48 c5 06 8c ed 73 6f 44 62 15 9b 98 67 fd 4c 20 b8 08 ac c3 d5 bc 48 e0 b0 6b a0 a3 76 2e c4")),
        new("KT128", "FFx3", "ptn(1681)", 0, 0, H("c3 89 e5 00 9a e5 71 20 85 4c 2e 8c 64 67 0a c0 13 58 cf 4c 1b af 89 44 7a 72 42 34 dc 7c ed 74")),
        new("KT128", "FFx7", "ptn(68921)", 0, 0, H("75 d2 f8 6a 2e 64 45 66 72 6b 4f bc fc 56 57 b9 db cf 07 0c 7b 0d ca 06 45 0a b2 91 d7 44 3b cf")),
        new("KT128", "ptn(8191)", "", 0, 0, H("1B 57 76 36 F7 23 64 3E 99 0C C7 D6 A6 59 83 74 36 FD 6A 10 36 26 60 0E B8 30 1C D1 DB E5 53 D6")),
        new("KT128", "ptn(8192)", "", 0, 0, H("48 F2 56 F6 77 2F 9E DF B6 A8 B6 61 EC 92 DC 93 B9 5E BD 05 A0 8A 17 B3 9A E3 49 08 70 C9 26 C3")),
        new("KT128", "ptn(8192)", "ptn(8189)", 0, 0, H("3E D1 2F 70 FB 05 DD B5 86 89 51 0A B3 E4 D2 3C 6C 60 33 84 9A A0 1E 1D 8C 22 0A 29 7F ED CD 0B")),
        new("KT128", "ptn(8192)", "ptn(8190)", 0, 0, H("6A 7C 1B 6A 5C D0 D8 C9 CA 94 3A 4A 21 6C C6 46 04 55 9A 2E A4 5F 78 57 0A 15 25 3D 67 BA 00 AE")),
    ];

    // RFC 9861 §5.4, KT256.
    public static readonly Vector[] Kt256 =
    [
        new("KT256", "", "", 0, 0, H("B2 3D 2E 9C EA 9F 49 04 E0 2B EC 06 81 7F C1 0C E3 8C E8 E9 3E F4 C8 9E 65 37 07 6A F8 64 64 04" +
            "E3 E8 B6 81 07 B8 83 3A 5D 30 49 0A A3 34 82 35 3F D4 AD C7 14 8E CB 78 28 55 00 3A AE BD E4 A9")),
        new("KT256", "", "", 0, 0, H("B2 3D 2E 9C EA 9F 49 04 E0 2B EC 06 81 7F C1 0C E3 8C E8 E9 3E F4 C8 9E 65 37 07 6A F8 64 64 04" +
            "E3 E8 B6 81 07 B8 83 3A 5D 30 49 0A A3 34 82 35 3F D4 AD C7 14 8E CB 78 28 55 00 3A AE BD E4 A9" +
            "B0 92 53 19 D8 EA 1E 12 1A 60 98 21 EC 19 EF EA 89 E6 D0 8D AE E1 66 2B 69 C8 40 28 9F 18 8B A8" +
            "60 F5 57 60 B6 1F 82 11 4C 03 0C 97 E5 17 84 49 60 8C CD 2C D2 D9 19 FC 78 29 FF 69 93 1A C4 D0")),
        new("KT256", "", "", 0, 10000, H("AD 4A 1D 71 8C F9 50 50 67 09 A4 C3 33 96 13 9B 44 49 04 1F C7 9A 05 D6 8D A3 5F 1E 45 35 22 E0" +
            "56 C6 4F E9 49 58 E7 08 5F 29 64 88 82 59 B9 93 27 52 F3 CC D8 55 28 8E FE E5 FC BB 8B 56 30 69")),
        new("KT256", "ptn(1)", "", 0, 0, H("0D 00 5A 19 40 85 36 02 17 12 8C F1 7F 91 E1 F7 13 14 EF A5 56 45 39 D4 44 91 2E 34 37 EF A1 7F" +
            "82 DB 6F 6F FE 76 E7 81 EA A0 68 BC E0 1F 2B BF 81 EA CB 98 3D 72 30 F2 FB 02 83 4A 21 B1 DD D0")),
        new("KT256", "ptn(17)", "", 0, 0, H("1B A3 C0 2B 1F C5 14 47 4F 06 C8 97 99 78 A9 05 6C 84 83 F4 A1 B6 3D 0D CC EF E3 A2 8A 2F 32 3E" +
            "1C DC CA 40 EB F0 06 AC 76 EF 03 97 15 23 46 83 7B 12 77 D3 E7 FA A9 C9 65 3B 19 07 50 98 52 7B")),
        new("KT256", "ptn(289)", "", 0, 0, H("DE 8C CB C6 3E 0F 13 3E BB 44 16 81 4D 4C 66 F6 91 BB F8 B6 A6 1E C0 A7 70 0F 83 6B 08 6C B0 29" +
            "D5 4F 12 AC 71 59 47 2C 72 DB 11 8C 35 B4 E6 AA 21 3C 65 62 CA AA 9D CC 51 89 59 E6 9B 10 F3 BA")),
        new("KT256", "ptn(4913)", "", 0, 0, H("64 7E FB 49 FE 9D 71 75 00 17 1B 41 E7 F1 1B D4 91 54 44 43 20 99 97 CE 1C 25 30 D1 5E B1 FF BB" +
            "59 89 35 EF 95 45 28 FF C1 52 B1 E4 D7 31 EE 26 83 68 06 74 36 5C D1 91 D5 62 BA E7 53 B8 4A A5")),
        new("KT256", "ptn(83521)", "", 0, 0, H("B0 62 75 D2 84 CD 1C F2 05 BC BE 57 DC CD 3E C1 FF 66 86 E3 ED 15 77 63 83 E1 F2 FA 3C 6A C8 F0" +
            "8B F8 A1 62 82 9D B1 A4 4B 2A 43 FF 83 DD 89 C3 CF 1C EB 61 ED E6 59 76 6D 5C CF 81 7A 62 BA 8D")),
        new("KT256", "ptn(1419857)", "", 0, 0, H("94 73 83 1D 76 A4 C7 BF 77 AC E4 5B 59 F1 45 8B 16 73 D6 4B CD 87 7A 7C 66 B2 66 4A A6 DD 14 9E" +
            "60 EA B7 1B 5C 2B AB 85 8C 07 4D ED 81 DD CE 2B 40 22 B5 21 59 35 C0 D4 D1 9B F5 11 AE EB 07 72")),
        new("KT256", "ptn(24137569)", "", 0, 0, H("06 52 B7 40 D7 8C 5E 1F 7C 8D CC 17 77 09 73 82 76 8B 7F F3 8F 9A 7A 20 F2 9F 41 3B B1 B3 04 5B" +
            "31 A5 57 8F 56 8F 91 1E 09 CF 44 74 6D A8 42 24 A5 26 6E 96 A4 A5 35 E8 71 32 4E 4F 9C 70 04 DA")),
        new("KT256", "", "ptn(1)", 0, 0, H("92 80 F5 CC 39 B5 4A 5A 59 4E C6 3D E0 BB 99 37 1E 46 09 D4 4B F8 45 C2 F5 B8 C3 16 D7 2B 15 98" +
            "11 F7 48 F2 3E 3F AB BE 5C 32 26 EC 96 C6 21 86 DF 2D 33 E9 DF 74 C5 06 9C EE CB B4 DD 10 EF F6")),
        new("KT256", "FFx1", "ptn(41)", 0, 0, H("47 EF 96 DD 61 6F 20 09 37 AA 78 47 E3 4E C2 FE AE 80 87 E3 76 1D C0 F8 C1 A1 54 F5 1D C9 CC F8" +
            "45 D7 AD BC E5 7F F6 4B 63 97 22 C6 A1 67 2E 3B F5 37 2D 87 E0 0A FF 89 BE 97 24 07 56 99 88 53")),
        new("KT256", "FFx3", "ptn(1681)", 0, 0, H("3B 48 66 7A 50 51 C5 96 6C 53 C5 D4 2B 95 DE 45 1E 05 58 4E 78 06 E2 FB 76 5E DA 95 90 74 17 2C" +
            "B4 38 A9 E9 1D DE 33 7C 98 E9 C4 1B ED 94 C4 E0 AE F4 31 D0 B6 4E F2 32 4F 79 32 CA A6 F5 49 69")),
        new("KT256", "FFx7", "ptn(68921)", 0, 0, H("E0 91 1C C0 00 25 E1 54 08 31 E2 66 D9 4A DD 9B 98 71 21 42 B8 0D 26 29 E6 43 AA C4 EF AF 5A 3A" +
            "30 A8 8C BF 4A C2 A9 1A 24 32 74 30 54 FB CC 98 97 67 0E 86 BA 8C EC 2F C2 AC E9 C9 66 36 97 24")),
        new("KT256", "ptn(8191)", "", 0, 0, H("30 81 43 4D 93 A4 10 8D 8D 8A 33 05 B8 96 82 CE BE DC 7C A4 EA 8A 3C E8 69 FB B7 3C BE 4A 58 EE" +
            "F6 F2 4D E3 8F FC 17 05 14 C7 0E 7A B2 D0 1F 03 81 26 16 E8 63 D7 69 AF B3 75 31 93 BA 04 5B 20")),
        new("KT256", "ptn(8192)", "", 0, 0, H("C6 EE 8E 2A D3 20 0C 01 8A C8 7A AA 03 1C DA C2 21 21 B4 12 D0 7D C6 E0 DC CB B5 34 23 74 7E 9A" +
            "1C 18 83 4D 99 DF 59 6C F0 CF 4B 8D FA FB 7B F0 2D 13 9D 0C 90 35 72 5A DC 1A 01 B7 23 0A 41 FA")),
        new("KT256", "ptn(8192)", "ptn(8189)", 0, 0, H("74 E4 78 79 F1 0A 9C 5D 11 BD 2D A7 E1 94 FE 57 E8 63 78 BF 3C 3F 74 48 EF F3 C5 76 A0 F1 8C 5C" +
            "AA E0 99 99 79 51 20 90 A7 F3 48 AF 42 60 D4 DE 3C 37 F1 EC AF 8D 2C 2C 96 C1 D1 6C 64 B1 24 96")),
        new("KT256", "ptn(8192)", "ptn(8190)", 0, 0, H("F4 B5 90 8B 92 9F FE 01 E0 F7 9E C2 F2 12 43 D4 1A 39 6B 2E 73 03 A6 AF 1D 63 99 CD 6C 7A 0A 2D" +
            "D7 C4 F6 07 E8 27 7F 9C 9B 1C B4 AB 9D DC 59 D4 B9 2D 1F C7 55 84 41 F1 83 2C 32 79 A4 24 1B 8B")),
    ];
}
